import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { detectLockfileKind, type LockfileKind } from '../../src/lockfiles/detect-lockfile.js';
import { CORPUS, FIXTURES } from './paths.js';

export interface LockfileSample {
  path: string;
  kind: LockfileKind;
  size: number;
}

function walk(dir: string, out: string[]): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile()) out.push(path);
  }
}

/** Every file in the corpus and in our fixtures whose name a reader claims, sorted for stable runs. */
export function findLockfileSamples(): LockfileSample[] {
  const files: string[] = [];
  walk(CORPUS, files);
  walk(FIXTURES, files);
  const samples: LockfileSample[] = [];
  for (const path of files.sort()) {
    if (path.includes('/golden/')) continue;
    const kind = detectLockfileKind(path);
    if (kind !== undefined) samples.push({ path, kind, size: statSync(path).size });
  }
  return samples;
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LockfilePair } from '../../src/gate/index.js';
import { manifestPathOf } from '../../src/lockfiles/index.js';
import { ROOT } from './paths.js';

/** The two sides of each lockfile in a change folder (`base/`, `head/`); a side is absent where the file is not. */
export function lockfilePairs(folder: string, paths: readonly string[]): LockfilePair[] {
  return paths.map((path) => {
    const pair: LockfilePair = { path };
    for (const side of ['base', 'head'] as const) {
      const file = join(folder, side, path);
      if (existsSync(file)) pair[side] = readFileSync(file, 'utf8');
    }
    // The manifest beside it on the head, as `depgate check` and the Action hand it in.
    const manifest = manifestPathOf(path, pair.head);
    if (manifest !== undefined && pair.head !== undefined && existsSync(join(folder, 'head', manifest)))
      pair.headManifest = readFileSync(join(folder, 'head', manifest), 'utf8');
    return pair;
  });
}

/** The demo repository's change (examples/demo): what `npm start` checks. */
export const DEMO_PAIRS: readonly LockfilePair[] = lockfilePairs(join(ROOT, 'examples/demo'), [
  'package-lock.json',
  'tools/video/yarn.lock',
]);

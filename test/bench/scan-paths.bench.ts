// How often the readers' fast scanners read a corpus file themselves, and where they give up on the
// others (the full parser then reads the text): every real lockfile of ../shared/corpus and the
// project's fixtures, read by its reader as `depgate check` reads it.
//
//   npm run bench -- scan-paths [part of a path]
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { LockfileKind } from '../../src/lockfiles/detect-lockfile.js';
import { LOCKFILE_READERS } from '../../src/lockfiles/read-lockfile.js';
import { resetScanPaths, scanPaths } from '../../src/lockfiles/syntax/scan-paths.js';
import { findLockfileSamples } from '../helpers/lockfile-files.js';
import { CORPUS } from '../helpers/paths.js';
import { printTable } from './measure.js';

const only = process.argv[2];

// osv-scalibr's test files are named for their case (`commits.v9.yaml`), not as the tools name them:
// each folder holds the files of one extractor, read here with the reader of that format.
const SCALIBR: [string, LockfileKind][] = [
  ['javascript/pnpmlock', 'pnpm'],
  ['javascript/yarnlock', 'yarn'],
  ['rust/cargolock', 'cargo'],
  ['python/uvlock', 'uv'],
  ['python/poetrylock', 'poetry'],
  ['python/pdmlock', 'pdm'],
  ['python/pylock', 'pylock'],
];
const samples = [
  ...findLockfileSamples(),
  ...SCALIBR.flatMap(([folder, kind]) => {
    const dir = join(CORPUS, 'osv-scalibr/language', folder, 'testdata');
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !/LICENSE|\.json$|\.txt$/.test(e.name))
      .map((e) => ({ path: join(e.parentPath, e.name), kind }));
  }),
];
const byKind = new Map<string, { fast: number; fallback: number; unscanned: number }>();
const fallbacks: string[][] = [];
for (const sample of samples) {
  const reader = LOCKFILE_READERS[sample.kind];
  if (reader === undefined || (only !== undefined && !sample.path.includes(only))) continue;
  const text = readFileSync(sample.path, 'utf8');
  resetScanPaths();
  try {
    reader(sample.path, text);
  } catch {
    // Broken on purpose, conflicted or foreign: still counted by the path its scan took.
  }
  const fast = Object.values(scanPaths.fast).reduce((a, b) => a + b, 0);
  const fallback = Object.values(scanPaths.fallback).reduce((a, b) => a + b, 0);
  const row = byKind.get(sample.kind) ?? { fast: 0, fallback: 0, unscanned: 0 };
  byKind.set(sample.kind, row);
  if (fallback > 0) {
    row.fallback++;
    const last = scanPaths.last!;
    const at = last.offset < 0 ? 0 : Math.min(last.offset, text.length);
    const line = text.slice(0, at).split('\n').length;
    const lineText = text.split('\n')[line - 1] ?? '';
    fallbacks.push([
      relative(process.cwd(), sample.path).replace(/^\.\.\//, ''),
      last.scanner,
      String(line),
      JSON.stringify(lineText.length > 60 ? `${lineText.slice(0, 57)}...` : lineText),
    ]);
  } else if (fast > 0) row.fast++;
  else row.unscanned++;
}
console.log('\n## Fast scanners on the corpus: files read on the fast path, files left to the full parser\n');
printTable(
  ['kind', 'fast path', 'fallback', 'no scanner'],
  [...byKind].sort().map(([kind, r]) => [kind, String(r.fast), String(r.fallback), String(r.unscanned)]),
);
console.log('\n## Where each fallback gave up\n');
printTable(['file', 'scanner', 'line', 'text of the line'], fallbacks);

// Lockfile readers against the peer libraries a user could pick instead, and against a bare parse of
// the same text, on generated lockfiles written as the package managers write them (every range
// resolves to an entry; see generate-lockfiles.ts). Every row is timed in the same process,
// interleaved with the others of its file; peak memory is measured in a fresh process per parser.
//
//   npm run bench -- lockfiles [part of a name]      BENCH_ITERATIONS (default 5) rounds per file
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  graphFor,
  manifestOf,
  writeBunLock,
  writeCargoLock,
  writeNugetAssets,
  writePackageLock,
  writePnpmV9,
  writeUvLock,
  writeYarnBerry,
  writeYarnV1,
  type GenGraph,
  type NameStyle,
} from './generate-lockfiles.js';
import { mb, ms, peakMemoryKb, printTable, timeAll } from './measure.js';
import { distinctCount, PARSERS } from './parsers.js';

const MB = 1024 * 1024;

interface Case {
  name: string;
  file: string;
  megabytes: number;
  /** Bytes per graph node that give about `megabytes` of this format. */
  bytesPerNode: number;
  style?: NameStyle;
  write: (graph: GenGraph) => string;
  ours: string;
  others: string[];
  /** Ours at most `max` times the named parser's time (none: measured and reported only). */
  aims: [string, number][];
}

const cases: Case[] = [
  {
    name: 'package-lock.json v3',
    file: 'package-lock.json',
    megabytes: 30,
    bytesPerNode: 468,
    write: writePackageLock,
    ours: 'depgate:npm',
    others: ['JSON.parse'],
    aims: [['JSON.parse', 2.0]],
  },
  {
    // Snyk's graphs take up to tens of seconds on the large files: the same generators at 2 MB and less.
    name: 'package-lock.json v3 (small)',
    file: 'package-lock.json',
    megabytes: 2,
    bytesPerNode: 468,
    write: writePackageLock,
    ours: 'depgate:npm',
    others: ['snyk (npm)', 'JSON.parse'],
    aims: [['snyk (npm)', 1.0]],
  },
  {
    name: 'yarn.lock v1',
    file: 'yarn.lock',
    megabytes: 10,
    bytesPerNode: 377,
    write: writeYarnV1,
    ours: 'depgate:yarn',
    others: ['@yarnpkg/lockfile'],
    aims: [['@yarnpkg/lockfile', 1.0]],
  },
  {
    // Snyk's yarn v1 graph takes about 20 s at 2 MB.
    name: 'yarn.lock v1 (small)',
    file: 'yarn.lock',
    megabytes: 0.5,
    bytesPerNode: 377,
    write: writeYarnV1,
    ours: 'depgate:yarn',
    others: ['snyk (yarn v1)', '@yarnpkg/lockfile'],
    aims: [['snyk (yarn v1)', 1.0]],
  },
  {
    name: 'yarn.lock berry (v8)',
    file: 'yarn.lock',
    megabytes: 10,
    bytesPerNode: 393,
    write: writeYarnBerry,
    ours: 'depgate:yarn',
    others: ['@yarnpkg/parsers', 'js-yaml (failsafe)'],
    aims: [
      ['@yarnpkg/parsers', 1.0],
      ['js-yaml (failsafe)', 1.3],
    ],
  },
  {
    name: 'yarn.lock berry (small)',
    file: 'yarn.lock',
    megabytes: 2,
    bytesPerNode: 393,
    write: writeYarnBerry,
    ours: 'depgate:yarn',
    others: ['snyk (yarn berry)', '@yarnpkg/parsers'],
    aims: [['snyk (yarn berry)', 1.0]],
  },
  {
    name: 'pnpm-lock.yaml v9',
    file: 'pnpm-lock.yaml',
    megabytes: 10,
    bytesPerNode: 266,
    write: writePnpmV9,
    ours: 'depgate:pnpm',
    others: ['@pnpm/lockfile.fs', 'js-yaml'],
    aims: [
      ['@pnpm/lockfile.fs', 1.0],
      ['js-yaml', 1.3],
    ],
  },
  {
    name: 'pnpm-lock.yaml v9 (small)',
    file: 'pnpm-lock.yaml',
    megabytes: 2,
    bytesPerNode: 266,
    write: writePnpmV9,
    ours: 'depgate:pnpm',
    others: ['snyk (pnpm)', '@pnpm/lockfile.fs'],
    aims: [['snyk (pnpm)', 1.0]],
  },
  {
    name: 'bun.lock v1',
    file: 'bun.lock',
    megabytes: 10,
    bytesPerNode: 262,
    write: writeBunLock,
    ours: 'depgate:bun',
    others: ['jsonc-parser'],
    aims: [['jsonc-parser', 1.0]],
  },
  {
    name: 'Cargo.lock v4',
    file: 'Cargo.lock',
    megabytes: 5,
    bytesPerNode: 258,
    style: 'crate',
    write: writeCargoLock,
    ours: 'depgate:cargo',
    others: ['smol-toml', '@iarna/toml'],
    aims: [['smol-toml', 1.3]],
  },
  {
    name: 'uv.lock',
    file: 'uv.lock',
    megabytes: 5,
    bytesPerNode: 629,
    style: 'python',
    write: writeUvLock,
    ours: 'depgate:uv',
    others: ['smol-toml', '@iarna/toml'],
    aims: [['smol-toml', 1.3]],
  },
  {
    // NuGet restore's output for a large solution: no peer library reads it, so the floor is JSON.parse.
    name: 'project.assets.json v3',
    file: 'project.assets.json',
    megabytes: 10,
    bytesPerNode: 806,
    style: 'nuget',
    write: writeNugetAssets,
    ours: 'depgate:nuget-assets',
    others: ['JSON.parse (assets)'],
    aims: [],
  },
];

const only = process.argv[2];
const iterations = Number(process.env.BENCH_ITERATIONS ?? 5);
const root = join(tmpdir(), 'depgate-bench');

console.log(
  `\n## Lockfile readers and their peers (median of ${iterations} interleaved runs after a warm-up; peak RSS above a bare read, one parse in a fresh process)\n`,
);
const rows: string[][] = [];
const verdicts: string[] = [];
for (const [index, c] of cases.entries()) {
  if (only !== undefined && !c.name.toLowerCase().includes(only.toLowerCase())) continue;
  const graph = graphFor(c.megabytes * MB, c.bytesPerNode, index + 1, c.style);
  const text = c.write(graph);
  const manifest = JSON.stringify(manifestOf(graph));
  // Each file in its own folder under its real name: @pnpm/lockfile.fs reads the folder.
  const dir = join(root, c.name.replace(/\W+/g, '-'));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, c.file);
  const manifestFile = join(dir, 'package.json');
  writeFileSync(file, text);
  writeFileSync(manifestFile, manifest);
  const names = [c.ours, ...c.others];
  const input = { text, file, manifest };
  const times = await timeAll(
    names.map((n) => () => PARSERS[n]!.parse(input)),
    iterations,
  );
  const counts = await Promise.all(names.map(async (n) => PARSERS[n]!.count(await PARSERS[n]!.parse(input))));
  // Where a peer counts distinct name@version pairs, ours is counted the same way beside it.
  const ourDistinct = distinctCount(await PARSERS[c.ours]!.parse(input));
  const baseline = peakMemoryKb('read-only', file);
  const ourTime = times[0]!;
  for (const [i, n] of names.entries()) {
    const memory = (peakMemoryKb(n, file, manifestFile) - baseline) / 1024;
    rows.push([
      i === 0 ? c.name : '',
      i === 0 ? mb(text.length) : '',
      n,
      PARSERS[n]!.kind,
      ms(times[i]!),
      i === 0 ? '1.00' : (times[i]! / ourTime).toFixed(2),
      i > 0 && PARSERS[n]!.distinct === true
        ? `${counts[i]} distinct (ours ${ourDistinct})`
        : String(counts[i]),
      `${memory.toFixed(0)} MB`,
    ]);
  }
  for (const [against, max] of c.aims) {
    const ratio = ourTime / times[names.indexOf(against)]!;
    verdicts.push(
      `${c.name}: depgate ${ratio.toFixed(2)}x ${against} (aim <= ${max.toFixed(1)}) ${ratio <= max ? 'ok' : 'OVER'}`,
    );
  }
  if (counts.some((n, i) => n !== (PARSERS[names[i]!]!.distinct === true ? ourDistinct : counts[0])))
    verdicts.push(`${c.name}: package counts differ: ${names.map((n, i) => `${n} ${counts[i]}`).join(', ')}`);
}
printTable(['input', 'size', 'reader', 'kind', 'median', 'time / depgate', 'packages', 'peak +RSS'], rows);
console.log('');
for (const v of verdicts) console.log(v);

// Lockfile readers on large generated inputs: time and peak memory, each as a ratio to the floor it
// is measured against in the same run (a bare parse of the same text, without line numbers or meaning).
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  generateBunLock,
  generateCargoLock,
  generatePackageLock,
  generatePnpmV9,
  generateUvLock,
  generateYarnBerry,
  generateYarnV1,
} from './generate-lockfiles.js';
import { mb, ms, peakMemoryKb, printTable, timePair } from './measure.js';
import { PARSERS } from './parsers.js';

const MB = 1024 * 1024;
// The first four rows have targets; the others are measured and reported without one.
const cases: { name: string; ours: string; floor: string; make: () => string; aim?: number }[] = [
  {
    name: 'package-lock.json v3',
    ours: 'depgate:npm',
    floor: 'JSON.parse',
    make: () => generatePackageLock(30 * MB),
    aim: 2.0,
  },
  {
    name: 'pnpm-lock.yaml v9',
    ours: 'depgate:pnpm',
    floor: 'js-yaml',
    make: () => generatePnpmV9(10 * MB),
    aim: 1.5,
  },
  {
    name: 'yarn.lock v1',
    ours: 'depgate:yarn',
    floor: '@yarnpkg/lockfile',
    make: () => generateYarnV1(10 * MB),
    aim: 1.0,
  },
  {
    name: 'Cargo.lock v4',
    ours: 'depgate:cargo',
    floor: 'smol-toml',
    make: () => generateCargoLock(5 * MB),
    aim: 1.5,
  },
  {
    name: 'yarn.lock berry (v8)',
    ours: 'depgate:yarn',
    floor: 'js-yaml',
    make: () => generateYarnBerry(10 * MB),
  },
  {
    name: 'bun.lock v1',
    ours: 'depgate:bun',
    floor: 'jsonc-parser',
    make: () => generateBunLock(10 * MB),
  },
  {
    name: 'uv.lock',
    ours: 'depgate:uv',
    floor: 'smol-toml',
    make: () => generateUvLock(5 * MB),
  },
];

const only = process.argv[2];
const iterations = Number(process.env.BENCH_ITERATIONS ?? 7);
const dir = join(tmpdir(), 'depgate-bench');
mkdirSync(dir, { recursive: true });

console.log(
  `\n## Lockfile readers (median of ${iterations} runs after a warm-up; peak RSS of one parse in a fresh process)\n`,
);
const rows: string[][] = [];
for (const c of cases) {
  if (only !== undefined && !c.name.startsWith(only)) continue;
  const text = c.make();
  const file = join(dir, c.name.replace(/\W+/g, '-'));
  writeFileSync(file, text);
  const ours = PARSERS[c.ours]!;
  const floor = PARSERS[c.floor]!;
  const packages = (ours(text) as { packages: unknown[] }).packages.length;
  const time = timePair(
    () => ours(text),
    () => floor(text),
    iterations,
  );
  const baseline = peakMemoryKb('read-only', file);
  const memOurs = peakMemoryKb(c.ours, file) - baseline;
  const memFloor = peakMemoryKb(c.floor, file) - baseline;
  const ratio = time.ours / time.reference;
  rows.push([
    c.name,
    mb(text.length),
    String(packages),
    ms(time.ours),
    `${c.floor} ${ms(time.reference)}`,
    c.aim === undefined
      ? ratio.toFixed(2)
      : `${ratio.toFixed(2)} (aim <= ${c.aim.toFixed(1)}) ${ratio <= c.aim ? 'ok' : 'OVER'}`,
    `${(memOurs / 1024).toFixed(0)} MB`,
    `${(memFloor / 1024).toFixed(0)} MB`,
    (memOurs / Math.max(memFloor, 1)).toFixed(2),
  ]);
}
printTable(
  ['input', 'size', 'packages', 'depgate', 'floor', 'time ratio', 'peak +RSS', 'floor +RSS', 'mem ratio'],
  rows,
);

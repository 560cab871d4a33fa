// Lockfile readers against the peer libraries a user could pick instead, and against a bare parse of
// the same text. First on the lockfiles public projects commit (../shared/corpus/real-projects and the
// larger real files of the corpus), each timed two ways: cold, the first parse in a fresh process with
// the modules loaded (what one run of the CLI or the Action pays), median wall and CPU time of
// BENCH_COLD_RUNS fresh processes per reader, interleaved (the aims are checked on CPU time, which the
// load of a shared machine moves less); and warm, the median in one process. Then on generated lockfiles
// written as the package managers write them (every range resolves to an entry; see
// generate-lockfiles.ts), warm. Peak memory is measured in a fresh process per parser.
//
//   npm run bench -- lockfiles [part of a name]      `real` runs the real files only, `generated` the others
//   BENCH_ITERATIONS (default 5) warm rounds per file, BENCH_COLD_RUNS (default 5) fresh processes per reader
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
import { CORPUS, HAS_CORPUS } from '../helpers/paths.js';
import { coldAll, mb, ms, peakMemoryKb, printTable, timeAll } from './measure.js';
import { countLessWorkspaces, distinctCount, PARSERS } from './parsers.js';

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

const corpus = CORPUS;

interface RealCase {
  name: string;
  /** Path under the corpus. */
  path: string;
  ours: string;
  others: string[];
  /** Ours at most `max` times the named parser's time, cold and warm (`cold`: cold only). */
  aims: [string, number, 'cold'?][];
  /** A package.json for the peers that read one, from the root entry of a package-lock.json. */
  manifestFromLock?: boolean;
  /** Our count leaves out workspace projects, as the peers do. */
  lessWorkspaces?: boolean;
  /** Why the counts differ, where they do. */
  countNote?: string;
}

const realCases: RealCase[] = [
  {
    name: 'real: astro pnpm-lock.yaml (pnpm 11, two documents)',
    path: 'real-projects/astro/pnpm-lock.yaml',
    ours: 'depgate:pnpm',
    others: ['@pnpm/lockfile.fs', 'js-yaml'],
    aims: [['@pnpm/lockfile.fs', 1.0]],
    lessWorkspaces: true,
    countNote: 'ours adds the 18 packages of the env document, pnpm itself, that the peers leave out',
  },
  {
    name: 'real: kit pnpm-lock.yaml (v9)',
    path: 'real-projects/kit/pnpm-lock.yaml',
    ours: 'depgate:pnpm',
    others: ['@pnpm/lockfile.fs', 'js-yaml'],
    aims: [['@pnpm/lockfile.fs', 1.0]],
    lessWorkspaces: true,
    countNote:
      'the peers count snapshots: @napi-rs/wasm-runtime@1.1.6 has two peer variants there, one package in ours and under packages:',
  },
  {
    name: 'real: jest yarn.lock (berry v8)',
    path: 'real-projects/jest/yarn.lock',
    ours: 'depgate:yarn',
    others: ['@yarnpkg/parsers', 'js-yaml (failsafe)'],
    aims: [['@yarnpkg/parsers', 1.0]],
    lessWorkspaces: true,
  },
  {
    name: 'real: rust-analyzer package-lock.json (v3)',
    path: 'real-projects/rust-analyzer/editors/code/package-lock.json',
    ours: 'depgate:npm',
    others: ['snyk (npm)', 'JSON.parse'],
    aims: [
      ['snyk (npm)', 1.0],
      ['JSON.parse', 2.0, 'cold'],
    ],
    manifestFromLock: true,
  },
  {
    name: 'real: rust-analyzer Cargo.lock (v4)',
    path: 'real-projects/rust-analyzer/Cargo.lock',
    ours: 'depgate:cargo',
    others: ['smol-toml', '@iarna/toml'],
    aims: [['smol-toml', 1.0]],
  },
  {
    name: 'real: poetry poetry.lock (2.1)',
    path: 'real-projects/poetry/poetry.lock',
    ours: 'depgate:poetry',
    others: ['smol-toml', '@iarna/toml'],
    aims: [['smol-toml', 1.0]],
  },
  {
    name: 'real: pydantic uv.lock',
    path: 'real-projects/pydantic/uv.lock',
    ours: 'depgate:uv',
    others: ['smol-toml', '@iarna/toml'],
    aims: [['smol-toml', 1.0]],
    lessWorkspaces: true,
  },
  {
    name: 'real (snyk fixture): goof package-lock.json (v2)',
    path: 'snyk-nodejs-lockfile-parser/fixtures/npm-lock-v2/goof/package-lock.json',
    ours: 'depgate:npm',
    others: ['snyk (npm)', 'JSON.parse'],
    aims: [
      ['snyk (npm)', 1.0],
      ['JSON.parse', 2.0, 'cold'],
    ],
    manifestFromLock: true,
  },
  {
    name: 'real (snyk fixture): cyclic-dep yarn.lock (v1)',
    path: 'snyk-nodejs-lockfile-parser/fixtures/yarn-lock-v1/real/cyclic-dep/yarn.lock',
    ours: 'depgate:yarn',
    others: ['@yarnpkg/lockfile'],
    aims: [['@yarnpkg/lockfile', 1.0]],
  },
  {
    name: 'real (snyk fixture): goof yarn.lock (berry v4 file, yarn 4)',
    path: 'snyk-nodejs-lockfile-parser/fixtures/yarn-lock-v4/real/goof/yarn.lock',
    ours: 'depgate:yarn',
    others: ['@yarnpkg/parsers', 'js-yaml (failsafe)'],
    aims: [['@yarnpkg/parsers', 1.0]],
    lessWorkspaces: true,
  },
];

const only = process.argv[2]?.toLowerCase();
const iterations = Number(process.env.BENCH_ITERATIONS ?? 5);
const coldRuns = Number(process.env.BENCH_COLD_RUNS ?? 5);
const root = join(tmpdir(), 'depgate-bench');
const wanted = (name: string) =>
  only === undefined || (only === 'generated' ? !name.startsWith('real') : name.toLowerCase().includes(only));

if (!HAS_CORPUS && realCases.some((c) => wanted(c.name)))
  console.log(
    `\n## Real lockfiles: skipped, no lockfile corpus at ${CORPUS} (set DEPGATE_CORPUS to a copy of ../shared/corpus)\n`,
  );
else if (realCases.some((c) => wanted(c.name))) {
  console.log(
    `\n## Real lockfiles: cold (first parse in a fresh process, modules loaded; median wall and CPU time of ${coldRuns} processes per reader, interleaved) and warm (median of ${iterations} interleaved runs in one process after a warm-up)\n`,
  );
  const realRows: string[][] = [];
  const realVerdicts: string[] = [];
  for (const c of realCases) {
    if (!wanted(c.name)) continue;
    const file = join(corpus, c.path);
    const text = readFileSync(file, 'utf8');
    let manifest = '{}';
    let manifestFile: string | undefined;
    if (c.manifestFromLock === true) {
      const rootEntry = (JSON.parse(text) as { packages: Record<string, unknown> }).packages[''];
      manifest = JSON.stringify(rootEntry);
      const dir = join(root, c.name.replace(/\W+/g, '-'));
      mkdirSync(dir, { recursive: true });
      manifestFile = join(dir, 'package.json');
      writeFileSync(manifestFile, manifest);
    }
    const names = [c.ours, ...c.others];
    const input = { text, file, manifest };
    const warm = await timeAll(
      names.map((n) => () => PARSERS[n]!.parse(input)),
      iterations,
    );
    const cold = coldAll(['read-only', ...names], file, coldRuns, manifestFile);
    const baseline = cold[0]!.rssKb;
    const counts = await Promise.all(
      names.map(async (n) => PARSERS[n]!.count(await PARSERS[n]!.parse(input))),
    );
    if (c.lessWorkspaces === true) counts[0] = countLessWorkspaces(await PARSERS[c.ours]!.parse(input));
    const ourDistinct = distinctCount(await PARSERS[c.ours]!.parse(input));
    for (const [i, n] of names.entries()) {
      const coldMs = cold[i + 1]!.ms;
      const coldCpu = cold[i + 1]!.cpuMs;
      realRows.push([
        i === 0 ? c.name : '',
        i === 0 ? mb(text.length) : '',
        n,
        PARSERS[n]!.kind,
        ms(coldMs),
        i === 0 ? '1.00' : (coldMs / cold[1]!.ms).toFixed(2),
        ms(coldCpu),
        i === 0 ? '1.00' : (coldCpu / cold[1]!.cpuMs).toFixed(2),
        ms(warm[i]!),
        i === 0 ? '1.00' : (warm[i]! / warm[0]!).toFixed(2),
        i > 0 && PARSERS[n]!.distinct === true
          ? `${counts[i]} distinct (ours ${ourDistinct})`
          : String(counts[i]),
        `${((cold[i + 1]!.rssKb - baseline) / 1024).toFixed(0)} MB`,
      ]);
    }
    for (const [against, max, only] of c.aims) {
      const k = names.indexOf(against);
      // Cold by CPU time, which the load of a shared machine moves less than wall time.
      const ways: [string, number][] = [['cold (CPU)', cold[1]!.cpuMs / cold[k + 1]!.cpuMs]];
      if (only !== 'cold') ways.push(['warm', warm[0]! / warm[k]!]);
      for (const [way, ratio] of ways)
        realVerdicts.push(
          `${c.name}: ${way} depgate ${ratio.toFixed(2)}x ${against} (aim <= ${max.toFixed(1)}) ${ratio <= max ? 'ok' : 'OVER'}`,
        );
    }
    if (counts.some((n, i) => n !== (PARSERS[names[i]!]!.distinct === true ? ourDistinct : counts[0])))
      realVerdicts.push(
        `${c.name}: package counts differ: ${names.map((n, i) => `${n} ${counts[i]}`).join(', ')}${c.countNote === undefined ? '' : ` (${c.countNote})`}`,
      );
  }
  printTable(
    [
      'input',
      'size',
      'reader',
      'kind',
      'cold',
      'cold / depgate',
      'cold CPU',
      'CPU / depgate',
      'warm',
      'warm / depgate',
      'packages',
      'peak +RSS',
    ],
    realRows,
  );
  console.log('');
  for (const v of realVerdicts) console.log(v);
}

const generated = cases.filter((c) => wanted(c.name));
if (generated.length > 0)
  console.log(
    `\n## Generated lockfiles: readers and their peers (warm: median of ${iterations} interleaved runs after a warm-up; peak RSS above a bare read, one parse in a fresh process)\n`,
  );
const rows: string[][] = [];
const verdicts: string[] = [];
for (const [index, c] of cases.entries()) {
  if (!wanted(c.name)) continue;
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
if (generated.length > 0)
  printTable(['input', 'size', 'reader', 'kind', 'median', 'time / depgate', 'packages', 'peak +RSS'], rows);
console.log('');
for (const v of verdicts) console.log(v);

// `npm run bench -- audit-formats`: `depgate audit` in every output format over generated deployments
// of 100,000 and 1,000,000 dependencies (100 per repository), with a denied license that the generator
// gives to about 11% of the records, so the report is large: about 108,000 violations at 1M. Each run is
// the bundled CLI as a child process over loopback HTTP to the emulator in this process, writing the
// report with --output; its peak RSS is its own (the kernel's maxRSS, written by a probe as it exits).
// A row per format and scale: wall time, peak RSS, output size; then the growth of the peak from the
// smallest scale to the largest, per format (the aim: at most 150 MB, and less than 20 MB of growth).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateDataset } from '../../src/emulator/generate.js';
import { createEmulator } from '../../src/emulator/handler.js';
import { startServer } from '../../src/emulator/server.js';
import { auditInChild } from '../helpers/audit-child.js';
import { BIN as COMMITTED_BIN } from '../helpers/cli.js';
import { median, printTable } from './measure.js';

// BENCH_AUDIT_BIN runs another build (e.g. `ncc build src/cli/bin.ts -o /tmp/cli`, then
// BENCH_AUDIT_BIN=/tmp/cli/index.js) to measure a change before dist/ is rebuilt.
const BIN =
  process.env.BENCH_AUDIT_BIN === undefined || process.env.BENCH_AUDIT_BIN === ''
    ? COMMITTED_BIN
    : process.env.BENCH_AUDIT_BIN;
const SCALES = (process.env.BENCH_SCALES ?? '1000,10000').split(',').map(Number);
const FORMATS = (process.env.BENCH_FORMATS ?? 'text,json,sarif,csv').split(',');
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 1);
const LICENSE = 'GPL-3.0-only';

const dir = mkdtempSync(join(tmpdir(), 'depgate-audit-formats-'));
const policyPath = join(dir, 'policy.yml');
writeFileSync(policyPath, `licenses:\n  deny: [${LICENSE}]\n`);
interface Run {
  ms: number;
  rssMb: number;
  bytes: number;
  violations: number;
}

async function auditOnce(url: string, format: string): Promise<Run> {
  const run = await auditInChild({ bin: BIN, url, policy: policyPath, format, dir });
  if (run.code !== 1) throw new Error(`audit --format ${format} exited ${run.code}: ${run.stderr}`);
  if (run.rssMb === undefined) throw new Error(`no maxrss in: ${run.stderr}`);
  return { ms: run.ms, rssMb: run.rssMb, bytes: run.bytes, violations: run.violations };
}

const rows: string[][] = [];
const peaks = new Map<string, number[]>();
for (const repositories of SCALES) {
  const dataset = generateDataset({ repositories, dependenciesPerRepository: 100, seed: 42 });
  const server = await startServer(createEmulator({ dataset }).handle);
  for (const format of FORMATS) {
    const runs: Run[] = [];
    for (let i = 0; i < ITERATIONS; i++) runs.push(await auditOnce(server.url, format));
    const ms = median(runs.map((r) => r.ms));
    const rssMb = median(runs.map((r) => r.rssMb));
    peaks.set(format, [...(peaks.get(format) ?? []), rssMb]);
    rows.push([
      dataset.dependencies.length.toLocaleString('en-US'),
      format,
      Number.isNaN(runs[0]!.violations) ? '?' : runs[0]!.violations.toLocaleString('en-US'),
      `${(ms / 1000).toFixed(2)} s`,
      `${rssMb.toFixed(0)} MB`,
      `${(runs[0]!.bytes / 1e6).toFixed(1)} MB`,
    ]);
  }
  await server.close();
}
console.log(
  `audit per format: licenses.deny [${LICENSE}], ${SCALES.map((r) => `${(r * 100).toLocaleString('en-US')}`).join(' and ')} generated dependencies, median of ${ITERATIONS}`,
);
printTable(['dependencies', 'format', 'violations', 'wall time', 'peak RSS', 'output'], rows);
if (SCALES.length > 1)
  printTable(
    ['format', 'peak RSS growth', 'aim'],
    [...peaks].map(([format, list]) => [
      format,
      `${(list.at(-1)! - list[0]!).toFixed(0)} MB`,
      'peak <= 150 MB, growth < 20 MB',
    ]),
  );
rmSync(dir, { recursive: true, force: true });

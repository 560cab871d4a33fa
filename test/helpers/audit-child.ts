import { spawn } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SEED_TOKENS } from '../../src/emulator/seed.js';

// Written by the child as it exits: its peak RSS as the kernel counts it.
const PROBE =
  'data:text/javascript,import{writeSync}from"node:fs";process.on("exit",()=>writeSync(2,`\\nmaxrss_kb=${process.resourceUsage().maxRSS}\\n`));';

/** One `depgate audit` run in a child process: how it ended, its time and peak RSS, the report's size. */
export interface AuditChildRun {
  code: number | null;
  stderr: string;
  ms: number;
  /** Undefined when the child wrote no probe line (it was killed). */
  rssMb: number | undefined;
  bytes: number;
  /** The count the verdict line says (NaN where it says none). */
  violations: number;
}

/**
 * Runs `bin audit --policy <policy> --format <format> --output <dir>/report.<format>` against the
 * platform at `url` (the emulator's seeded token), and removes the report after measuring it.
 */
export async function auditInChild(options: {
  bin: string;
  url: string;
  policy: string;
  format: string;
  dir: string;
}): Promise<AuditChildRun> {
  const out = join(options.dir, `report.${options.format}`);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      PROBE,
      options.bin,
      'audit',
      '--policy',
      options.policy,
      '--format',
      options.format,
      '--output',
      out,
    ],
    {
      env: { PATH: process.env.PATH ?? '', DEPGATE_API_URL: options.url, DEPGATE_API_TOKEN: SEED_TOKENS.api },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ms = performance.now() - started;
  const rss = /maxrss_kb=(\d+)/.exec(stderr);
  let bytes = 0;
  try {
    bytes = statSync(out).size;
    rmSync(out);
  } catch {
    // No report: the run failed, which `code` and `stderr` say.
  }
  const found = /([\d,]+) violations?/.exec(stderr);
  return {
    code,
    stderr,
    ms,
    rssMb: rss === null ? undefined : Number(rss[1]) / 1024,
    bytes,
    violations: found === null ? NaN : Number(found[1]!.replace(/,/g, '')),
  };
}

// `depgate audit`'s memory does not grow with the organization: every format is written as it is read,
// the violations wait on disk. The CLI runs as a child process against the emulator over HTTP, with the
// generator's licenses all denied (nearly every record is a violation), at two sizes (five times as many
// records and violations in the second); each run's peak RSS is the kernel's, written by a probe as the
// child exits. A report held in memory grew the peak by well over 100 MB between the two; streamed, the
// index that orders the report (about 30 bytes a violation) and the heap's sizing noise remain. Memory
// only: no time is asserted.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/emulator/generate.js';
import { createEmulator } from '../../src/emulator/handler.js';
import { startServer } from '../../src/emulator/server.js';
import { auditInChild } from '../helpers/audit-child.js';
import { BIN } from '../helpers/cli.js';

/** Repositories of 100 dependencies each: 20,000 and 100,000 records, nearly all violations. */
const SIZES = [200, 1_000] as const;
/** The most the peak may grow from the smaller organization to the larger. */
const GROWTH_MB = 30;
const FORMATS = ['json', 'sarif', 'text', 'csv'] as const;

const dir = mkdtempSync(join(tmpdir(), 'depgate-audit-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const policy = join(dir, 'policy.yml');
writeFileSync(policy, 'licenses:\n  deny: [MIT, Apache-2.0, BSD-3-Clause, GPL-3.0-only, ISC]\n');
const servers = await Promise.all(
  SIZES.map(async (repositories) => {
    const dataset = generateDataset({ repositories, dependenciesPerRepository: 100, seed: 42 });
    return startServer(createEmulator({ dataset }).handle);
  }),
);
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** One audit in a child process: its peak RSS in MB, the report's size and the violations it says. */
async function audit(
  url: string,
  format: string,
): Promise<{ rssMb: number; bytes: number; violations: number }> {
  const run = await auditInChild({ bin: BIN, url, policy, format, dir });
  expect(run.code, run.stderr).toBe(1);
  expect(run.rssMb, run.stderr).toBeDefined();
  return { rssMb: run.rssMb!, bytes: run.bytes, violations: run.violations };
}

describe('depgate audit memory', () => {
  it.each(FORMATS)(
    '--format %s: the peak grows by less than 30 MB for five times the records and violations',
    async (format) => {
      const small = await audit(servers[0]!.url, format);
      const large = await audit(servers[1]!.url, format);
      // The larger report really is about five times the smaller one.
      expect(large.bytes).toBeGreaterThan(4 * small.bytes);
      if (format !== 'text') expect(large.violations).toBeGreaterThan(80_000);
      expect(
        large.rssMb - small.rssMb,
        `peak RSS ${small.rssMb.toFixed(0)} MB -> ${large.rssMb.toFixed(0)} MB`,
      ).toBeLessThan(GROWTH_MB);
    },
    60_000,
  );
});

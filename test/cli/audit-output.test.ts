// Where `depgate audit` writes its streamed report: standard output piece by piece, or --output through a
// temporary file renamed once complete. A write that fails half way fails the run (exit 3, the reason
// on stderr), never passes a truncated report off as whole, and leaves no partial file behind.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAuditCommand } from '../../src/cli/audit-command.js';
import type { CliIo } from '../../src/cli/io.js';
import { generateDataset } from '../../src/emulator/generate.js';
import { createHandlerTransport } from '../../src/emulator/handler-transport.js';
import { createEmulator } from '../../src/emulator/handler.js';
import { SEED_TOKENS } from '../../src/emulator/seed.js';

const dir = mkdtempSync(join(tmpdir(), 'depgate-audit-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, 'policy.yml'), 'licenses:\n  deny: [GPL-3.0-only, MIT]\n');
const dataset = generateDataset({ repositories: 40, dependenciesPerRepository: 100, seed: 3 });
const transport = createHandlerTransport(createEmulator({ dataset }).handle);

function io(stdout: (text: string) => void = () => undefined): CliIo & { err: string[] } {
  const err: string[] = [];
  return {
    err,
    stdout,
    stdoutDrained: () => Promise.resolve(),
    stderr: (text) => void err.push(text),
    env: { DEPGATE_API_TOKEN: SEED_TOKENS.api, DEPGATE_API_URL: 'http://emulator.test' },
    cwd: dir,
    stopSignal: new Promise(() => undefined),
  };
}
const deps = { transport, isTty: false, now: () => new Date('2030-01-01T00:00:00Z') };

describe('depgate audit output', () => {
  it('writes --output through a temporary file: the same report as on standard output, nothing else left', async () => {
    for (const format of ['json', 'sarif', 'text', 'csv']) {
      const pieces: string[] = [];
      expect(
        await runAuditCommand(
          ['--policy', 'policy.yml', '--format', format],
          io((t) => pieces.push(t)),
          deps,
        ),
      ).toBe(1);
      writeFileSync(join(dir, 'report'), 'an earlier report');
      const run = io();
      expect(
        await runAuditCommand(
          ['--policy', 'policy.yml', '--format', format, '--output', 'report'],
          run,
          deps,
        ),
      ).toBe(1);
      expect(run.err.join('')).toContain('report written to report');
      const normalize = (s: string) => s.replace(/"durationMs": \d+/, '').replace(/, [\d.]+ s\n$/, '\n');
      expect(normalize(readFileSync(join(dir, 'report'), 'utf8'))).toBe(normalize(pieces.join('')));
      // Several pieces of about 64 KB, not one string of the whole.
      if (format === 'sarif') expect(pieces.length).toBeGreaterThan(3);
      expect(readdirSync(dir).sort()).toEqual(['policy.yml', 'report']);
    }
  });

  it('fails closed when standard output fails half way: exit 3 and why, not "violations found"', async () => {
    let written = 0;
    const run = io(() => {
      if (++written === 3) throw Object.assign(new Error('write EIO'), { code: 'EIO' });
    });
    expect(await runAuditCommand(['--policy', 'policy.yml', '--format', 'sarif'], run, deps)).toBe(3);
    expect(run.err.join('')).toContain(
      'could not write the whole report to standard output (write EIO); what was written is incomplete',
    );
  });
});

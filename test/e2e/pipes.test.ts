// The CLI's output through real pipes: nothing lost past the pipe buffer (64 KiB), nothing thrown when
// the reader leaves early. Runs the committed bundle in bash pipelines, as a user does.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generatePackageLock } from '../bench/generate-lockfiles.js';
import { BIN } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'depgate-pipes-'));
const lockfile = join(dir, 'package-lock.json');
writeFileSync(lockfile, generatePackageLock(2 * 1024 * 1024));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function bash(script: string) {
  return spawnSync('bash', ['-c', script], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      BIN,
      LOCKFILE: lockfile,
      OUT: join(dir, 'out'),
    },
  });
}

describe('depgate in a pipe', () => {
  it('hands every byte of a large report to a slow reader, and exits 0', () => {
    const run = bash(
      'node "$BIN" parse "$LOCKFILE" --format json | (sleep 0.3; cat > "$OUT"); echo "status ${PIPESTATUS[0]}"',
    );
    expect(run.stdout.trim()).toBe('status 0');
    const size = statSync(join(dir, 'out')).size;
    expect(size).toBeGreaterThan(1024 * 1024);
    const parsed = JSON.parse(readFileSync(join(dir, 'out'), 'utf8')) as { packages: unknown[] };
    expect(parsed.packages.length).toBeGreaterThan(1000);
  });

  it('ends quietly when the reader takes only the start (head -c 100)', () => {
    const run = bash(
      'node "$BIN" parse "$LOCKFILE" --format json | head -c 100 > /dev/null; echo "status ${PIPESTATUS[0]}"',
    );
    expect(run.stdout.trim()).toBe('status 0');
    expect(run.stderr).not.toMatch(/EPIPE|Error|at /);
  });
});

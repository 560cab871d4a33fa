import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The command as installed: bin/depgate.js, which loads the committed dist/cli. */
export const BIN_FILE = join(import.meta.dirname, '../../bin/depgate.js');

/**
 * What the tests spawn as `depgate`: the bundle built from the current source when the project's global
 * setup provides one (DEPGATE_TEST_BUNDLE, test/setup/fresh-bundles.ts), else bin/depgate.js.
 */
export const BIN = process.env.DEPGATE_TEST_BUNDLE || BIN_FILE;

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `depgate` as a user does: the committed bundle behind bin/depgate.js (or `bundle`, the path of
 * a CLI bundle's index.js, such as freshCliBundle() builds from the current source), as a child
 * process with its own environment (nothing of the test runner's leaks in but PATH and HOME), pipes
 * for its output.
 */
export function runDepgate(
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string>; stdin?: string; bundle?: string } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    // DEPGATE_TEST_BUNDLE: run every CLI test on that bundle (one just built from the source) instead.
    const bin = options.bundle ?? BIN;
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: options.cwd ?? process.cwd(),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({
        code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
    child.stdin.end(options.stdin ?? '');
  });
}

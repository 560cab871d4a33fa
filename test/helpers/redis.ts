import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';

/** Whether a real redis-server is on the PATH (.ci/run installs it; vitest.config.ts says when not). */
export const HAS_REDIS = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface TestRedis {
  url: string;
  port: number;
  /** The server's process id (SIGSTOP it to make Redis hang). */
  pid: number;
  stop: () => Promise<void>;
}

/** Runs one command with redis-cli against the server (FLUSHDB, ...); its output. */
export function redisCli(port: number, ...args: string[]): string {
  const run = spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' });
  return run.stdout.trim();
}

/**
 * A real redis-server on a free loopback port (or `port`, to bring one back where it was), without
 * persistence; stop() ends it.
 * Suites call it while vitest collects them, even when `describe.skipIf(!HAS_REDIS)` skips them: without
 * redis-server the promise rejects, already handled, so a skipped suite leaves no unhandled error behind
 * and a suite that does await it fails with the reason.
 */
export function startRedis(options: { port?: number } = {}): Promise<TestRedis> {
  const started = HAS_REDIS
    ? launchRedis(options)
    : Promise.reject(new Error('redis-server is not on the PATH: install Redis to run this suite'));
  started.catch(() => {});
  return started;
}

async function launchRedis(options: { port?: number }): Promise<TestRedis> {
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  let failed: Error | undefined;
  child.once('error', (error) => (failed = error));
  for (let attempt = 0; attempt < 100; attempt++) {
    if (failed) throw failed;
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    if (attempt === 99) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not listen on 127.0.0.1:${port}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGCONT');
        child.kill('SIGTERM');
      }),
  };
}

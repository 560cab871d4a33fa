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

/**
 * A real redis-server on a free loopback port, without persistence; stop() ends it.
 * Suites call it while vitest collects them, even when `describe.skipIf(!HAS_REDIS)` skips them: without
 * redis-server the promise rejects, already handled, so a skipped suite leaves no unhandled error behind
 * and a suite that does await it fails with the reason.
 */
export function startRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const started = HAS_REDIS
    ? launchRedis()
    : Promise.reject(new Error('redis-server is not on the PATH: install Redis to run this suite'));
  started.catch(() => {});
  return started;
}

async function launchRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
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
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

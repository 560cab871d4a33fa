// Ctrl-C as a user presses it: a real SIGINT to a child process. The demo stops, removes its example
// repository and exits 130; the emulator stops at once even with a request it is delaying on purpose.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';

function start(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString('utf8')));
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const waitFor = async (text: string): Promise<string> => {
    for (let i = 0; i < 300 && !stdout.includes(text); i++) await new Promise((r) => setTimeout(r, 20));
    if (!stdout.includes(text)) throw new Error(`no '${text}' in ${stdout}\n${stderr}`);
    return stdout;
  };
  return { child, exited, waitFor, output: () => ({ stdout, stderr }) };
}

const killed: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const child of killed) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('Ctrl-C (SIGINT)', () => {
  it('stops the demo with exit 130 and leaves no depgate-demo-* folder in the temporary directory', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'depgate-interrupt-'));
    afterAll(() => rmSync(tmp, { recursive: true, force: true }));
    const demo = start(['demo'], { TMPDIR: tmp });
    killed.push(demo.child);
    await demo.waitFor('1. The platform emulator is serving');
    expect(readdirSync(tmp).filter((f) => f.startsWith('depgate-demo-'))).toHaveLength(1);
    demo.child.kill('SIGINT');
    const { code, signal } = await demo.exited;
    expect({ code, signal }).toEqual({ code: 130, signal: null });
    expect(demo.output().stderr).toContain('depgate demo: interrupted');
    expect(demo.output().stderr).not.toMatch(/unexpected error|\n\s+at /);
    expect(readdirSync(tmp).filter((f) => f.startsWith('depgate-demo-'))).toEqual([]);
  });

  it('stops the emulator at once, closing a connection it is delaying by a latency fault', async () => {
    const emulator = start(['emulator', '--port', '0', '--token', 't']);
    killed.push(emulator.child);
    const url = /listening on (\S+)/.exec(await emulator.waitFor('listening on'))![1]!;
    const faults = await fetch(`${url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        faults: [{ kind: 'latency', latencyMs: 120_000, route: '/api/v1/deployments' }],
      }),
    });
    expect(faults.ok).toBe(true);
    // A request the emulator holds for two minutes, in flight when Ctrl-C comes.
    const inFlight = new Promise<string>((resolve) => {
      const req = request(`${url}/api/v1/deployments`, { headers: { authorization: 'Bearer t' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(`answered ${res.statusCode}`));
        res.on('error', () => resolve('closed'));
      });
      req.on('error', () => resolve('closed'));
      req.end();
    });
    await new Promise((r) => setTimeout(r, 300));
    const sentAt = Date.now();
    emulator.child.kill('SIGINT');
    const { at } = await emulator.exited;
    expect(at - sentAt).toBeLessThan(5_000);
    expect(emulator.output().stdout).toContain('emulator stopped');
    expect(await inFlight).toBe('closed');
  });
});

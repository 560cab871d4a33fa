import { request as httpRequest } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/handler.js';
import { createSeedDataset, SEED_TOKENS } from '../../src/emulator/seed.js';
import { startEmulatorServer, startServer } from '../../src/emulator/server.js';

const emulator = createEmulator({ dataset: createSeedDataset(), sleep: async () => {} });
const server = await startEmulatorServer({ handler: emulator.handle });
afterAll(() => server.close());
const auth = { authorization: `Bearer ${SEED_TOKENS.api}` };

/** A request with the target exactly as written (fetch would normalize dot segments away). */
function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: server.port, path, method: 'PUT', headers: { ...auth, ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end('["x"]');
  });
}

describe('the emulator over loopback HTTP', () => {
  it('listens on 127.0.0.1 on a free port', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
  });

  it('answers GET and POST with their JSON bodies and headers', async () => {
    const deployments = await fetch(`${server.url}/api/v1/deployments`, { headers: auth });
    expect(deployments.status).toBe(200);
    expect(deployments.headers.get('content-type')).toBe('application/json');
    expect(await deployments.json()).toEqual({
      deployments: [{ id: 1234, name: 'Acme Corp', slug: 'acme-corp' }],
    });
    const deps = await fetch(`${server.url}/api/v1/deployments/1234/dependencies`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ pageSize: 2 }),
    });
    const body = (await deps.json()) as { dependencies: unknown[]; hasMore: boolean };
    expect([deps.status, body.dependencies.length, body.hasMore]).toEqual([200, 2, true]);
  });

  it('passes query strings and error answers through', async () => {
    const answer = await fetch(`${server.url}/api/v1/deployments/1234/secrets?limit=0`, { headers: auth });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'limit must be from 1 to 10000, got 0' });
  });

  it('closes the connection for a reset fault, so the client sees a network error', async () => {
    emulator.faults.set([{ kind: 'reset', times: 1 }]);
    await expect(fetch(`${server.url}/api/v1/deployments`, { headers: auth })).rejects.toThrow(TypeError);
    expect((await fetch(`${server.url}/api/v1/deployments`, { headers: auth })).status).toBe(200);
  });

  it.each([
    ['a dot-dot segment', '/api/v1/deployments/acme-corp/projects/acme/../web/tags'],
    ['an encoded dot-dot segment', '/api/v1/deployments/acme-corp/projects/acme/%2e%2E/web/tags'],
    ['a half-encoded dot-dot segment', '/api/v1/deployments/acme-corp/projects/acme/.%2e/web/tags'],
    ['a dot segment', '/api/v1/deployments/acme-corp/projects/acme/./web/tags'],
    ['a backslash', '/api/v1/deployments/acme-corp/projects/acme\\..\\web/tags'],
  ])('refuses a path with %s with 400 before URL parsing could resolve it', async (_title, path) => {
    const answer = await raw(path);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'request path must not contain ".", ".." segments or backslashes',
    });
  });

  it('routes raw and encoded slashes in project names as the handler does', async () => {
    expect((await raw('/api/v1/deployments/acme-corp/projects/acme/web/tags')).status).toBe(200);
    expect((await raw('/api/v1/deployments/acme-corp/projects/acme%2Fweb/tags')).status).toBe(200);
    expect((await raw('/api/v1/deployments/acme-corp/projects/acme%2F..%2Fweb/tags')).status).toBe(400);
  });

  it('routes by the path alone, whatever the Host header says', async () => {
    const answer = await raw('/api/v1/deployments/acme-corp/projects/acme/web/tags', {
      host: 'evil.example:1',
    });
    expect(answer.status).toBe(200);
  });

  it('refuses a body over 8 MB with 413', async () => {
    const answer = await fetch(`${server.url}/api/v1/deployments/1234/dependencies`, {
      method: 'POST',
      headers: auth,
      body: 'x'.repeat(8 * 1024 * 1024 + 1),
    });
    expect(answer.status).toBe(413);
  });

  it('reports a port in use when asked for it', async () => {
    await expect(startServer(emulator.handle, { port: server.port })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });

  it('closes, dropping keep-alive connections, and closing twice is harmless', async () => {
    const own = await startEmulatorServer({ handler: emulator.handle, port: 0 });
    expect((await fetch(`${own.url}/api/v1/deployments`, { headers: auth })).status).toBe(200);
    await Promise.all([own.close(), own.close()]);
    await expect(fetch(`${own.url}/api/v1/deployments`, { headers: auth })).rejects.toThrow(TypeError);
  });
});

// The default transport over a real loopback server: the runtime's fetch where there is one, and
// cross-fetch (node-fetch 2) where there is none, with the same answer either way.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTransport } from '../../src/core/transport.js';

describe('defaultTransport', () => {
  let server: Server;
  let url = '';
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(String(req.headers['user-agent']));
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json', 'x-echo': req.headers['x-probe'] });
        res.end(JSON.stringify({ method: req.method, body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/probe`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const probe = async () => {
    const response = await defaultTransport(url, {
      method: 'POST',
      headers: { 'x-probe': 'p1', 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    return { status: response.status, echo: response.headers.get('x-echo'), text: await response.text() };
  };
  const expected = { status: 201, echo: 'p1', text: '{"method":"POST","body":"{\\"a\\":1}"}' };

  it("uses the runtime's fetch where it exists (undici's user agent reaches the server)", async () => {
    expect(await probe()).toEqual(expected);
    expect(seen.at(-1)).toBe('node');
  });

  it('falls back to cross-fetch where there is no global fetch (node-fetch 2 answers the same)', async () => {
    const saved = globalThis.fetch;
    Reflect.deleteProperty(globalThis, 'fetch');
    try {
      expect(await probe()).toEqual(expected);
      expect(seen.at(-1)).toMatch(/node-fetch/);
    } finally {
      globalThis.fetch = saved;
    }
  });
});

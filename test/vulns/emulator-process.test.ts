// The emulator as a user starts it (`depgate emulator`, a child process running the built bundle), and an
// OSV source pointed at the OSV URL its banner prints: the demo's vulnerable versions, answered over HTTP.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { osvSource, queryKey } from '../../src/vulns/index.js';
import { BIN } from '../helpers/cli.js';
import { SEEDED } from './support.js';

describe('depgate emulator, as an OSV API', () => {
  it('prints its OSV URL, and answers the demo packages with their advisories and fixes there', async () => {
    const child = spawn(process.execPath, [BIN, 'emulator', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (b: Buffer) => {
          out += b.toString();
          const m =
            /^OSV API at (http:\/\/127\.0\.0\.1:\d+) \(POST \/v1\/querybatch, GET \/v1\/vulns\/\{id\}; no token\)/m.exec(
              out,
            );
          if (m) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`emulator exited ${code}: ${out}`)));
      });
      const demo = [SEEDED.lodash, SEEDED.minimist, SEEDED.eventStream];
      const { found, requests } = await osvSource({ url }).lookup(demo);
      expect(demo.map((q) => found.get(queryKey(q))?.fix)).toEqual(['4.17.21', '1.2.6', '4.0.0']);
      expect(found.get(queryKey(SEEDED.minimist))?.advisories[0]).toMatchObject({
        id: 'GHSA-xvch-5gv4-984h',
        aliases: ['CVE-2021-44906'],
        severity: 'critical',
      });
      // One batch, four records (lodash's page of two ids is the page size: no second page), and one
      // batch that asks about the three fixes it suggests.
      expect(requests).toBe(6);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

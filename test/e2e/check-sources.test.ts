import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/gate/index.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git-repo.js';

// Lockfile injection as a pull request writes it: the same version of a package already locked,
// pointed at another host with another integrity. `depgate check` runs as a user runs it, on a real
// git repository, with the policy read at the base.
const ROOT = join(import.meta.dirname, '../..');
const BASE = readFileSync(join(ROOT, 'examples/demo/base/package-lock.json'), 'utf8');
const GOOD =
  'sha512-0KI/607xoxSToH7GjN1FfSbLoU0+btTicjsQSWQlh/hZykN8KpmMf7uYwPW3R+akZ6R/w18ZlXSHBYXiYUPO3g==';
const EVIL =
  'sha512-RFVyb1YFKZvNg2x0LpNRxacf0+HE0tmU8ErH+m9+xWUK9maVxARi+EeTMrIAkOLCRLXvOf7lCtYAZNxlEU2+EQ==';
const INJECTED = BASE.replace(
  `"node_modules/ipaddr.js": {\n      "version": "1.9.1",\n      "integrity": "${GOOD}",`,
  `"node_modules/ipaddr.js": {\n      "version": "1.9.1",\n      "resolved": "https://npm.evil.example.com/ipaddr.js/-/ipaddr.js-1.9.1.tgz",\n      "integrity": "${EVIL}",`,
);
const POLICY = 'newToOrg: off\n';

async function check(head: string, policy = POLICY, format = 'text') {
  const repo = makeRepo(
    { 'package-lock.json': BASE, '.github/depgate.yml': policy },
    { 'package-lock.json': head, '.github/depgate.yml': policy },
  );
  return runDepgate(['check', '--base', 'main', '--head', 'change', '--format', format], { cwd: repo });
}

describe('depgate check on an injected lockfile entry', () => {
  it('the fixture changes one entry and nothing else', () => {
    expect(INJECTED).not.toBe(BASE);
    expect(INJECTED.split('\n').length).toBe(BASE.split('\n').length + 1);
  });

  it('blocks it (exit 1), naming the foreign host and the changed integrity', async () => {
    const run = await check(INJECTED);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('depgate check: blocked: 2 violations');
    expect(run.stdout).toContain('package-lock.json (package-lock@3): 1 source or integrity changed');
    expect(run.stdout).toContain(
      'changes: ipaddr.js 1.9.1 (source default -> https://npm.evil.example.com/ipaddr.js/-/ipaddr.js-1.9.1.tgz, integrity changed)',
    );
    expect(run.stdout).toContain('ipaddr.js 1.9.1 is fetched from npm.evil.example.com, not an allowed host');
    expect(run.stdout).toContain('ipaddr.js 1.9.1: its integrity changed for the same version');
  });

  it('reports it in JSON as a source-changed change with both sources', async () => {
    const run = await check(INJECTED, POLICY, 'json');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.lockfiles[0]).toMatchObject({
      status: 'modified',
      counts: { added: 0, removed: 0, sourceChanged: 1 },
      changes: [
        {
          kind: 'source-changed',
          name: 'ipaddr.js',
          from: '1.9.1',
          to: '1.9.1',
          toSource: 'https://npm.evil.example.com/ipaddr.js/-/ipaddr.js-1.9.1.tgz',
          integrity: 'changed',
        },
      ],
    });
    expect(report.findings.map((f) => `${f.kind} ${f.rule.id} ${f.blocking}`)).toEqual([
      'source sources.allowedHosts true',
      'source sources.integrityChange true',
    ]);
  });

  it('a policy at the base that allows the host still blocks the integrity; the head cannot relax it', async () => {
    const allowing = 'newToOrg: off\nsources:\n  allowedHosts: [npm.evil.example.com]\n';
    const run = await check(INJECTED, allowing);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('its integrity changed for the same version');
    expect(run.stdout).not.toContain('not an allowed host');

    const repo = makeRepo(
      { 'package-lock.json': BASE, '.github/depgate.yml': POLICY },
      {
        'package-lock.json': INJECTED,
        '.github/depgate.yml': `${allowing}  integrityChange: off\n`,
      },
    );
    const relaxed = await runDepgate(['check', '--base', 'main', '--head', 'change'], { cwd: repo });
    expect(relaxed.code).toBe(1);
    expect(relaxed.stdout).toContain('not an allowed host');
  });

  it('a policy that writes a URL as a host fails with its line and field (exit 2)', async () => {
    const run = await check(INJECTED, 'sources:\n  allowedHosts: ["https://npm.example.com"]\n');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      '.github/depgate.yml:2:18: sources.allowedHosts[0]: "https://npm.example.com" is a URL',
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

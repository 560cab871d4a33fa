import { describe, expect, it } from 'vitest';
import { runGate, type Finding, type Report } from '../../src/gate/index.js';
import { buildPolicy } from './build-policy.js';
import { DEMO_PAIRS } from '../helpers/lockfile-pairs.js';

const DEMO = DEMO_PAIRS;
const NOW = new Date('2026-11-24T12:00:00Z');

const brief = (f: Finding) =>
  `${f.blocking ? 'BLOCK' : f.level} ${f.kind} ${f.name}@${f.version}${f.exception ? ` [${f.exception.status} ${f.exception.id}]` : ''}${f.preExisting ? ' (pre-existing)' : ''}`;

const lodashRule = {
  name: 'lodash',
  exactNameMatch: true,
  ecosystem: 'npm' as const,
  versionUpperBound: '<4.17.21',
  reason: 'prototype pollution',
};

async function gate(policy = buildPolicy(), lockfiles = DEMO, now = NOW): Promise<Report> {
  return runGate({ lockfiles, policy, now, toolVersion: '0.0.0-test', mode: 'diff', base: 'b', head: 'h' });
}

describe('runGate with the local policy alone', () => {
  it('passes a change that breaks no rule, and still says what changed', async () => {
    const report = await gate();
    expect(report.verdict).toBe('pass');
    expect(report.findings).toEqual([]);
    expect(report.lockfiles.map((l) => [l.path, l.status])).toEqual([
      ['package-lock.json', 'modified'],
      ['tools/video/yarn.lock', 'added'],
    ]);
    expect(report.counts.introduced).toBeGreaterThan(4);
    expect(report.platform).toEqual({ mode: 'off' });
  });

  it('blocks a package a deny rule matches, naming the rule, its reason and old -> new', async () => {
    const report = await gate(buildPolicy({ deny: [lodashRule] }));
    expect(report.verdict).toBe('block');
    expect(report.findings.map(brief)).toEqual(['BLOCK denied lodash@4.17.20']);
    const [finding] = report.findings;
    expect(finding).toMatchObject({
      lockfile: 'package-lock.json',
      previousVersion: '4.17.21',
      change: 'downgraded',
      transitivity: 'direct',
      rule: { id: 'deny[0]', reason: 'prototype pollution', line: 2 },
      licenses: ['MIT'],
      licenseSource: 'lockfile',
    });
    expect(DEMO[0]!.head!.split('\n')[finding!.line - 1]).toContain('"node_modules/lodash"');
    expect(report.counts.violations).toBe(1);
  });

  it('lets a valid exception excuse, and an expired one not', async () => {
    const policy = buildPolicy({
      deny: [
        { name: 'minimist', exactNameMatch: true, versionUpperBound: '<1.2.6', reason: 'CVE-2021-44906' },
        { name: 'left-pad', exactNameMatch: true, reason: 'unmaintained' },
      ],
      exceptions: [
        {
          name: 'minimist',
          exactNameMatch: true,
          exactVersion: '1.2.5',
          reason: 'build only',
          owner: '@web',
          expires: '2026-11-24',
        },
        {
          name: 'left-pad',
          exactNameMatch: true,
          reason: 'legacy',
          owner: '@checkout',
          expires: '2026-11-23',
        },
        { name: 'react', exactNameMatch: true, reason: 'never matches', owner: '@ui', expires: '2030-01-01' },
      ],
    });
    const report = await gate(policy);
    expect(report.findings.map(brief)).toEqual([
      'BLOCK denied left-pad@1.3.0 [expired exceptions[1]]',
      'notice denied minimist@1.2.5 [valid exceptions[0]]',
    ]);
    expect(report.exceptions.map((e) => [e.id, e.status, e.matched])).toEqual([
      ['exceptions[0]', 'valid', 1],
      ['exceptions[1]', 'expired', 1],
      ['exceptions[2]', 'unused', 0],
    ]);
    expect(
      report.notes.some(
        (n) =>
          n.level === 'warning' &&
          n.message.includes('exceptions[1] (owner @checkout) expired on 2026-11-23'),
      ),
    ).toBe(true);
  });

  it('reports violations already on the base apart, and blocks on them only with preExisting: fail', async () => {
    const express = { name: 'accepts', exactNameMatch: true, reason: 'test rule on an unchanged package' };
    const report = await gate(buildPolicy({ deny: [express] }));
    expect(report.verdict).toBe('pass');
    expect(report.findings.map(brief)).toEqual(['error denied accepts@1.3.8 (pre-existing)']);
    const failing = await gate(buildPolicy({ deny: [express], preExisting: 'fail' }));
    expect(failing.verdict).toBe('block');
  });

  it('warns of an unknown license when the lockfile records none and the platform is not asked', async () => {
    const report = await gate(buildPolicy({ licenses: { deny: ['GPL-3.0-only'], unknown: 'warn' } }));
    expect(report.verdict).toBe('pass');
    expect(report.findings.filter((f) => f.kind === 'license-unknown').map(brief)).toEqual([
      'warning license-unknown @ffmpeg-installer/linux-x64@4.1.0',
    ]);
  });

  it('blocks a license the deny list names, from the lockfile', async () => {
    const report = await gate(buildPolicy({ licenses: { deny: ['WTFPL'], unknown: 'ignore' } }));
    expect(report.findings.map(brief)).toEqual(['BLOCK license left-pad@1.3.0']);
  });

  it('never lets a version that cannot be ordered pass a bound', async () => {
    const head = JSON.stringify({
      name: 'x',
      lockfileVersion: 3,
      packages: {
        '': { dependencies: { lodash: 'github:lodash/lodash#main' } },
        'node_modules/lodash': { version: 'git+https://github.com/lodash/lodash.git#abc' },
      },
    });
    const report = await gate(buildPolicy({ deny: [lodashRule] }), [{ path: 'package-lock.json', head }]);
    expect(report.findings.map((f) => f.kind)).toEqual(['version-unknown']);
    expect(report.verdict).toBe('block');
  });

  it('checks only the lockfiles the policy covers, and says which it left out', async () => {
    const report = await gate(
      buildPolicy({ deny: [lodashRule], paths: { include: ['tools/**'], exclude: [] } }),
    );
    expect(report.verdict).toBe('pass');
    expect(report.lockfiles.map((l) => l.path)).toEqual(['tools/video/yarn.lock']);
    expect(report.notes).toContainEqual(
      expect.objectContaining({ level: 'notice', file: 'package-lock.json' }),
    );
  });

  it('fails closed on a malformed lockfile, naming the file and line', async () => {
    await expect(
      gate(buildPolicy(), [{ path: 'package-lock.json', head: '{\n  "lockfileVersion": 3,\n  oops\n}' }]),
    ).rejects.toMatchObject({
      name: 'LockfileError',
      file: 'package-lock.json',
      line: 3,
    });
  });

  it('audits head lockfiles whole when asked, as if everything were introduced', async () => {
    const report = await runGate({
      lockfiles: DEMO,
      policy: buildPolicy({ deny: [{ name: 'accepts', exactNameMatch: true }] }),
      now: NOW,
      toolVersion: 't',
      mode: 'audit',
    });
    expect(report.findings.map(brief)).toEqual(['BLOCK denied accepts@1.3.8']);
  });
});

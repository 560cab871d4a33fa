// @module-tag corpus
// Golden reports: the gate over real base/head lockfile pairs (written by npm, pnpm and yarn, and a
// corpus lockfile audited whole), rendered by all four renderers and compared with reviewed files in
// test/fixtures/gate/golden/. `UPDATE_GOLDEN=1` rewrites them: review every change by hand.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGate, type LockfilePair, type Report } from '../../src/gate/index.js';
import { readPolicy } from '../../src/policy/index.js';
import { renderJson, renderMarkdown, renderSarif, renderText } from '../../src/report/index.js';
import { corpusPath, HAS_CORPUS, ROOT } from '../helpers/paths.js';
import { lockfilePairs } from '../helpers/lockfile-pairs.js';

const GOLDEN = join(ROOT, 'test/fixtures/gate/golden');
const NOW = new Date('2026-11-24T12:00:00Z');
const read = (path: string) => readFileSync(path, 'utf8');

const pairsOf = lockfilePairs;

const PACKAGE_POLICY = `deny:
  - name: lodash
    exactNameMatch: true
    versionUpperBound: "<4.17.21"
    reason: prototype pollution (CVE-2021-23337)
  - name: node-forge
    exactNameMatch: true
    versionUpperBound: "<1.3.2"
    reason: signature verification bypass
exceptions:
  - name: node-forge
    exactNameMatch: true
    exactVersion: 1.3.1
    reason: only used in build tooling
    owner: "@shop/platform"
    expires: 2026-06-30
licenses:
  deny: [GPL-3.0-only]
  unknown: ignore
newToOrg: off
`;

const AUDIT_POLICY = `deny:
  - name: lodash
    exactNameMatch: true
    versionUpperBound: "<4.17.21"
  - name: marked
    exactNameMatch: true
    versionUpperBound: "<4.0.10"
    reason: ReDoS
  - name: ms
    exactNameMatch: true
    exactVersion: 0.7.1
exceptions:
  - name: ms
    exactNameMatch: true
    reason: accepted risk
    owner: "@goof/security"
    expires: 2027-03-31
licenses:
  allow: [MIT, ISC, Apache-2.0, BSD-2-Clause, BSD-3-Clause, 0BSD, CC0-1.0, Unlicense, BlueOak-1.0.0]
  unknown: ignore
`;

interface Case {
  name: string;
  policy: string;
  lockfiles: LockfilePair[];
  mode: 'diff' | 'audit';
}

const fixtures = join(ROOT, 'test/fixtures/gate');
const CASES: Case[] = [
  {
    name: 'demo',
    policy: read(join(ROOT, 'examples/demo/head/.github/depgate.yml')),
    lockfiles: pairsOf(join(ROOT, 'examples/demo'), ['package-lock.json', 'tools/video/yarn.lock']),
    mode: 'diff',
  },
  {
    name: 'npm-alias',
    policy: PACKAGE_POLICY,
    lockfiles: pairsOf(join(fixtures, 'npm-alias'), ['package-lock.json']),
    mode: 'diff',
  },
  {
    name: 'pnpm',
    policy: PACKAGE_POLICY,
    lockfiles: pairsOf(join(fixtures, 'pnpm'), ['pnpm-lock.yaml']),
    mode: 'diff',
  },
  {
    name: 'yarn-berry',
    policy: PACKAGE_POLICY,
    lockfiles: pairsOf(join(fixtures, 'yarn-berry'), ['yarn.lock']),
    mode: 'diff',
  },
  {
    name: 'goof-audit',
    policy: AUDIT_POLICY,
    lockfiles: [
      {
        path: 'package-lock.json',
        // Collected without the corpus too, where the file's tests skip.
        head: HAS_CORPUS
          ? read(corpusPath('snyk-nodejs-lockfile-parser/fixtures/npm-lock-v2/goof/package-lock.json'))
          : '',
      },
    ],
    mode: 'audit',
  },
];

function expectGoldenText(file: string, text: string): void {
  const path = join(GOLDEN, file);
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    return;
  }
  if (!existsSync(path)) throw new Error(`no golden report ${file}: run with UPDATE_GOLDEN=1 and review it`);
  expect(text).toBe(read(path));
}

describe('golden reports over real lockfile pairs', () => {
  for (const c of CASES) {
    describe(c.name, () => {
      const reportPromise: Promise<Report> = runGate({
        lockfiles: c.lockfiles,
        policy: readPolicy(c.policy, '.github/depgate.yml'),
        now: NOW,
        toolVersion: '0.0.0-test',
        mode: c.mode,
      });

      it('text', async () => {
        expectGoldenText(`${c.name}.txt`, renderText(await reportPromise, { color: false }));
      });
      it('markdown', async () => {
        expectGoldenText(`${c.name}.md`, renderMarkdown(await reportPromise, {}));
      });
      it('json', async () => {
        expectGoldenText(`${c.name}.json`, renderJson(await reportPromise));
      });
      it('sarif', async () => {
        const sarif = renderSarif(await reportPromise, { toolVersion: '0.0.0-test' });
        expectGoldenText(`${c.name}.sarif.json`, `${JSON.stringify(sarif, null, 2)}\n`);
      });
    });
  }
});

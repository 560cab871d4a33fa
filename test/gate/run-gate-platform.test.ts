import { describe, expect, it } from 'vitest';
import { SEED_DEPLOYMENT } from '../../src/emulator/index.js';
import { runGate, type Finding } from '../../src/gate/index.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { buildPolicy } from './build-policy.js';
import { DEMO_PAIRS } from '../helpers/lockfile-pairs.js';

const DEMO = DEMO_PAIRS;
const NOW = new Date('2026-11-24T12:00:00Z');
const brief = (f: Finding) => `${f.blocking ? 'BLOCK' : f.level} ${f.kind} ${f.name}@${f.version}`;

describe('runGate asking the platform (the emulator over loopback HTTP)', () => {
  const emulatorPromise = startTestEmulator();

  async function gate(policy = buildPolicy()) {
    const { client } = await emulatorPromise;
    const c = client();
    const platform = { client: c, deploymentId: SEED_DEPLOYMENT.id, deploymentSlug: SEED_DEPLOYMENT.slug };
    const report = await runGate({
      lockfiles: DEMO,
      policy,
      now: NOW,
      toolVersion: 't',
      mode: 'diff',
      platform,
    });
    return { report, requests: c.stats().requests };
  }

  it('blocks a license the platform knows when the lockfile records none (yarn.lock), in one request', async () => {
    const { report, requests } = await gate(
      buildPolicy({ licenses: { deny: ['GPL-3.0-only'], unknown: 'warn' } }),
    );
    expect(report.findings.filter((f) => f.kind === 'license').map(brief)).toEqual([
      'BLOCK license @ffmpeg-installer/linux-x64@4.1.0',
    ]);
    const [finding] = report.findings.filter((f) => f.kind === 'license');
    expect(finding).toMatchObject({
      licenses: ['GPL-3.0-only'],
      licenseSource: 'platform',
      lockfile: 'tools/video/yarn.lock',
      line: 5,
    });
    expect(requests).toBe(1);
    expect(report.platform).toEqual({
      mode: 'on',
      requests: 1,
      minimumRequests: 1,
      deploymentSlug: 'acme-corp',
    });
  });

  it('says which added packages no repository of the organization uses yet', async () => {
    const { report } = await gate(buildPolicy({ newToOrg: 'warn' }));
    const fresh = report.findings.filter((f) => f.kind === 'new-to-org').map((f) => f.name);
    // left-pad and minimist are used by acme/web in the seeded organization; the others are not.
    expect(fresh).toEqual(['dayjs']);
    expect(report.verdict).toBe('pass');
  });

  it('blocks new packages with newToOrg: fail', async () => {
    const { report } = await gate(buildPolicy({ newToOrg: 'fail' }));
    expect(report.verdict).toBe('block');
    expect(report.findings.filter((f) => f.blocking).every((f) => f.kind === 'new-to-org')).toBe(true);
  });

  it('records how many repositories of the organization use a flagged package', async () => {
    const { report } = await gate(buildPolicy({ deny: [{ name: 'left-pad', exactNameMatch: true }] }));
    expect(report.findings.map((f) => [f.name, f.orgRepositories])).toEqual([['left-pad', 1]]);
  });

  it('says where the organization already carries what a deny rule denies, in one more request', async () => {
    const { report, requests } = await gate(
      buildPolicy({
        deny: [
          { name: 'left-pad', exactNameMatch: true },
          { name: 'no-such-package', exactNameMatch: true },
        ],
      }),
    );
    const [finding] = report.findings.filter((f) => f.kind === 'denied');
    expect(finding).toMatchObject({ name: 'left-pad', rule: { id: 'deny[0]', orgRepositories: 1 } });
    expect(requests).toBe(2);
    expect(report.platform).toMatchObject({ requests: 2, minimumRequests: 2 });
  });
});

import { describe, expect, it } from 'vitest';
import type { WireNotification } from '../../src/core/wire.js';
import type { EmulatorDataset, NotificationRecord } from '../../src/emulator/dataset.js';
import { createSeedDataset, SEED_TOKENS } from '../../src/emulator/seed.js';
import { call, D, seededEmulator, SLUG } from './support.js';

const NOTIFICATIONS = `/api/notifications/in-app/deployments/${D}`;
const ids = (list: unknown) => (list as { id: unknown }[]).map((x) => x.id);

describe('the deployments of a token', () => {
  it('answer the token deployment with its id, name and slug', async () => {
    const answer = await call(seededEmulator(), 'GET', '/api/v1/deployments');
    expect(answer.body).toEqual({ deployments: [{ id: 1234, name: 'Acme Corp', slug: 'acme-corp' }] });
  });
});

describe('unread notifications (op 1)', () => {
  it('list STATUS_DELIVERED ones only, admin-only ones included for an admin viewer', async () => {
    const answer = await call(seededEmulator(), 'GET', NOTIFICATIONS);
    expect(ids(answer.body.notifications)).toEqual(['n-1', 'n-2', 'n-3', 'n-4', 'n-5', 'n-8']);
    expect(answer.body.cursor).toBe('');
  });

  it('leave admin-only ones out for a viewer who is not an admin', async () => {
    const answer = await call(seededEmulator(), 'GET', NOTIFICATIONS, { token: SEED_TOKENS.jwt });
    expect(ids(answer.body.notifications)).toEqual(['n-1', 'n-2', 'n-3', 'n-5']);
  });

  it('answer each notification with exactly the spec fields, createdAt in ISO 8601', async () => {
    const answer = await call(seededEmulator(), 'GET', `${NOTIFICATIONS}?limit=1`);
    expect((answer.body.notifications as WireNotification[])[0]).toEqual({
      id: 'n-1',
      title: 'New critical reachable finding',
      description: 'lodash 4.17.20: prototype pollution (CVE-2021-23337) is reachable in acme/web.',
      severity: 'SEVERITY_ERROR',
      status: 'STATUS_DELIVERED',
      adminOnly: false,
      createdAt: '2026-11-20T09:15:00Z',
      link: 'https://github.com/acme/web/pull/42',
      isExternalLink: false,
      linkText: 'View pull request',
    });
  });

  it('hold every severity and status, and links to pull requests, in the seed', () => {
    const seeded = createSeedDataset().notifications;
    expect(new Set(seeded.map((n) => n.severity))).toEqual(
      new Set(['SEVERITY_INFO', 'SEVERITY_WARNING', 'SEVERITY_ERROR']),
    );
    expect(new Set(seeded.map((n) => n.status))).toEqual(
      new Set(['STATUS_DELIVERED', 'STATUS_SEEN', 'STATUS_ARCHIVED']),
    );
    expect(
      seeded.filter((n) => /^https:\/\/github\.com\/acme\/\w+\/pull\/\d+$/.test(n.link)).length,
    ).toBeGreaterThan(1);
  });

  it('page with the limit and a cursor until the cursor is empty', async () => {
    const emulator = seededEmulator();
    const seen: unknown[] = [];
    let cursor = '';
    for (let page = 0; page < 10; page++) {
      const answer = await call(
        emulator,
        'GET',
        `${NOTIFICATIONS}?limit=4&cursor=${encodeURIComponent(cursor)}`,
      );
      seen.push(...ids(answer.body.notifications));
      cursor = answer.body.cursor as string;
      if (cursor === '') break;
    }
    expect(seen).toEqual(['n-1', 'n-2', 'n-3', 'n-4', 'n-5', 'n-8']);
  });

  it('default to 20 a page', async () => {
    const notifications: NotificationRecord[] = Array.from({ length: 25 }, (_, i) => ({
      ...createSeedDataset().notifications[0]!,
      id: `bulk-${i}`,
    }));
    const dataset: EmulatorDataset = { ...createSeedDataset(), notifications };
    const answer = await call(seededEmulator({ dataset }), 'GET', NOTIFICATIONS);
    expect(answer.body.notifications).toHaveLength(20);
    expect(answer.body.cursor).not.toBe('');
  });

  it('show a notification addressed to one viewer to that viewer only', async () => {
    const dataset = createSeedDataset();
    dataset.notifications.push({ ...dataset.notifications[0]!, id: 'mine', viewer: 'dev@acme.example' });
    const forDev = await call(seededEmulator({ dataset }), 'GET', NOTIFICATIONS, { token: SEED_TOKENS.jwt });
    const forAdmin = await call(seededEmulator({ dataset }), 'GET', NOTIFICATIONS);
    expect(ids(forDev.body.notifications)).toContain('mine');
    expect(ids(forAdmin.body.notifications)).not.toContain('mine');
  });

  it.each([
    ['0', 400],
    ['1', 200],
    ['100', 200],
    ['101', 400],
    ['-1', 400],
    ['ten', 400],
    ['', 200],
  ])('answer limit=%s with %i', async (limit, status) => {
    const answer = await call(seededEmulator(), 'GET', `${NOTIFICATIONS}?limit=${limit}`);
    expect(answer.status).toBe(status);
    if (status === 400) expect(answer.body.error).toMatch(/^limit must be/);
  });

  it("refuse another viewer's cursor and a malformed one", async () => {
    const emulator = seededEmulator();
    const adminCursor = (await call(emulator, 'GET', `${NOTIFICATIONS}?limit=1`)).body.cursor as string;
    const asUser = await call(emulator, 'GET', `${NOTIFICATIONS}?cursor=${adminCursor}`, {
      token: SEED_TOKENS.jwt,
    });
    expect([asUser.status, asUser.body.error]).toEqual([400, 'cursor was issued for a different filter']);
    expect((await call(emulator, 'GET', `${NOTIFICATIONS}?cursor=%00%ff`)).status).toBe(400);
  });

  it('answer 400 for a deployment id that is not a number', async () => {
    const answer = await call(seededEmulator(), 'GET', '/api/notifications/in-app/deployments/acme-corp');
    expect(answer.status).toBe(400);
  });
});

describe('projects (offset pagination)', () => {
  const path = `/api/v1/deployments/${SLUG}/projects`;

  it('list the deployment projects in the spec shape, 100 a page by default', async () => {
    const answer = await call(seededEmulator(), 'GET', path);
    expect(ids(answer.body.projects)).toEqual([101, 102, 103, 104]);
    expect((answer.body.projects as unknown[])[0]).toEqual({
      id: 101,
      name: 'acme/web',
      tags: ['team:frontend'],
      created_at: '2025-03-01T12:00:00Z',
      default_branch: 'refs/heads/main',
      latest_scan_at: '2026-11-21T06:00:00Z',
      managed_scan_config: { diff_scan: { enabled: true }, full_scan: { enabled: true } },
      primary_branch: 'refs/heads/main',
      url: 'https://github.com/acme/web',
    });
  });

  it('page from page 0; a short page is the last', async () => {
    const emulator = seededEmulator();
    const pages = [];
    for (const page of [0, 1, 2])
      pages.push(ids((await call(emulator, 'GET', `${path}?page=${page}&page_size=3`)).body.projects));
    expect(pages).toEqual([[101, 102, 103], [104], []]);
  });

  it.each([
    ['page_size=0', 400],
    ['page_size=1', 200],
    ['page_size=10000', 200],
    ['page_size=10001', 400],
    ['page=-1', 400],
    ['page=x', 400],
    ['page=', 200],
  ])('answer %s with %i', async (query, status) => {
    expect((await call(seededEmulator(), 'GET', `${path}?${query}`)).status).toBe(status);
  });
});

describe('findings (offset pagination)', () => {
  const path = `/api/v1/deployments/${SLUG}/findings`;

  it('list code findings by default, in the documented shape, without the emulator bookkeeping', async () => {
    const answer = await call(seededEmulator(), 'GET', `${path}?page_size=100`);
    const findings = answer.body.findings as Record<string, unknown>[];
    expect(ids(findings)).toEqual([70001, 70002, 70003, 70004, 70005, 70006]);
    const first = findings[0]!;
    expect(first).not.toHaveProperty('deploymentId');
    expect(first).not.toHaveProperty('issueType');
    expect(first).toMatchObject({
      ref: 'refs/heads/main',
      repository: { name: 'acme/web', url: 'https://github.com/acme/web' },
      line_of_code_url: expect.stringMatching(
        /^https:\/\/github\.com\/acme\/web\/blob\/[0-9a-f]{40}\/src\/server\.js#L42$/,
      ) as unknown,
      triage_state: 'untriaged',
      status: 'open',
      severity: 'high',
      confidence: 'medium',
      categories: ['security'],
      relevant_since: '2026-11-10T10:00:00Z',
      location: { file_path: 'src/server.js', line: 42 },
      rule: {
        name: 'javascript.express.security.audit.xss.direct-response-write',
        cwe_names: [expect.stringMatching(/^CWE-79: /) as unknown],
        owasp_names: expect.arrayContaining(['A03:2021 - Injection']) as unknown,
        vulnerability_classes: ['Cross-Site-Scripting (XSS)'],
      },
    });
  });

  it('lists supply-chain findings with issue_type=sca: the found dependency and its reachability', async () => {
    const answer = await call(seededEmulator(), 'GET', `${path}?issue_type=sca`);
    const findings = answer.body.findings as Record<string, unknown>[];
    expect(findings.map((f) => f.vulnerability_identifier)).toEqual([
      'CVE-2021-23337',
      'CVE-2020-14343',
      'CVE-2021-44228',
      'GHSA-mh6f-8j2x-4483',
    ]);
    expect(findings[0]).toMatchObject({
      reachability: 'reachable',
      found_dependency: { package: 'lodash', version: '4.17.20', ecosystem: 'npm', transitivity: 'direct' },
      fix_recommendations: [{ package: 'lodash', version: '4.17.21' }],
    });
  });

  it.each<[string, number[]]>([
    ['repos=acme/api,acme/payments', [70002, 70003, 70006]],
    ['status=open', [70001, 70002, 70005]],
    ['severities=critical&severities=high', [70001, 70002, 70005]],
    ['severities=HIGH', [70001, 70005]],
    ['ref=main', [70001, 70002, 70003, 70004, 70006]],
    ['ref=refs/heads/feature/login', [70005]],
    ['dedup=true', [70001, 70002, 70003, 70004, 70006]],
    ['since=2026-11-11T00:00:00Z', [70002, 70005]],
    [`since=${Date.parse('2026-11-11T00:00:00Z') / 1000}`, [70002, 70005]],
    ['issue_type=sca&repos=acme/web', [71001, 71004]],
    ['issue_type=sca&status=reviewing', [71003]],
    // SCA reachability, comma-separated or repeated, as public scripts send it.
    ['issue_type=sca&exposures=reachable,always_reachable', [71001, 71003, 71004]],
    ['issue_type=sca&exposures=reachable&exposures=always_reachable', [71001, 71003, 71004]],
    ['issue_type=sca&exposures=unreachable', [71002]],
    ['issue_type=sca&exposures=conditionally_reachable,unknown', []],
    ['issue_type=sca&page_size=3000&repos=acme/web&exposures=reachable,always_reachable', [71001, 71004]],
    // Each project's default branch: the feature-branch match is left out.
    ['ref=_default', [70001, 70002, 70003, 70004, 70006]],
    ['issue_type=sca&ref=_default&exposures=reachable,always_reachable', [71001, 71003, 71004]],
  ])('narrows with %s', async (query, expected) => {
    const answer = await call(seededEmulator(), 'GET', `${path}?${query}`);
    expect([answer.status, ids(answer.body.findings)]).toEqual([200, expected]);
  });

  it("answers ref=_default with each project's own default branch, whatever it is named", async () => {
    const dataset = createSeedDataset();
    const web = dataset.projects.find((p) => p.name === 'acme/web')!;
    web.defaultBranch = 'refs/heads/feature/login';
    const answer = await call(seededEmulator({ dataset }), 'GET', `${path}?ref=_default`);
    // acme/web's findings on main are no longer on its default branch; its feature-branch one is.
    expect(ids(answer.body.findings)).toEqual([70002, 70003, 70005, 70006]);
  });

  it.each([
    ['issue_type=secrets', /issue_type must be among sast, sca, ai_sast, got "secrets"/],
    ['status=closed', /status must be among open, fixed/],
    ['severities=severe', /severities must be among low, medium, high, critical/],
    ['dedup=maybe', /dedup must be a boolean \(true or false; also 1\/0, yes\/no, on\/off\), got "maybe"/],
    ['issue_type=sca&exposures=reachable,sometimes', /exposures must be among reachable, always_reachable/],
    ['since=yesterday', /since must be a Unix timestamp or an ISO 8601 time/],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const answer = await call(seededEmulator(), 'GET', `${path}?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
  });

  it.each([
    ['page_size=0', 400],
    ['page_size=99', 400],
    ['page_size=100', 200],
    ['page_size=3000', 200],
    ['page_size=3001', 400],
  ])('answer %s with %i (documented: 100 to 3000)', async (query, status) => {
    const answer = await call(seededEmulator(), 'GET', `${path}?${query}`);
    expect(answer.status).toBe(status);
    if (status === 400)
      expect(answer.body.error).toBe(`page_size must be from 100 to 3000, got ${query.split('=')[1]}`);
  });
});

describe('secrets (cursor pagination)', () => {
  const path = `/api/v1/deployments/${D}/secrets`;

  it('page with cursor and previous until the cursor is empty', async () => {
    const emulator = seededEmulator();
    const first = await call(emulator, 'GET', `${path}?limit=2`);
    expect([ids(first.body.findings), first.body.previous]).toEqual([['80001', '80002'], '']);
    const second = await call(emulator, 'GET', `${path}?limit=2&cursor=${first.body.cursor as string}`);
    expect(ids(second.body.findings)).toEqual(['80003', '80004']);
    const back = await call(emulator, 'GET', `${path}?limit=2&cursor=${second.body.previous as string}`);
    expect(ids(back.body.findings)).toEqual(['80001', '80002']);
    const last = await call(emulator, 'GET', `${path}?limit=2&cursor=${second.body.cursor as string}`);
    expect([ids(last.body.findings), last.body.cursor]).toEqual([['80005'], '']);
  });

  it('start at the beginning with an empty cursor, 100 a page by default, in the documented shape', async () => {
    const answer = await call(seededEmulator(), 'GET', `${path}?cursor=`);
    const secrets = answer.body.findings as Record<string, unknown>[];
    expect(ids(secrets)).toEqual(['80001', '80002', '80003', '80004', '80005']);
    expect(secrets[0]).toMatchObject({
      id: '80001',
      type: 'AWS',
      severity: 'SEVERITY_CRITICAL',
      confidence: 'CONFIDENCE_HIGH',
      status: 'FINDING_STATUS_OPEN',
      validationState: 'VALIDATION_STATE_CONFIRMED_VALID',
      findingPath: 'config/settings-0.env:3',
      repository: { name: 'acme/payments' },
    });
    expect(secrets.map((s) => s.validationState)).toEqual(
      expect.arrayContaining([
        'VALIDATION_STATE_CONFIRMED_INVALID',
        'VALIDATION_STATE_VALIDATION_ERROR',
        'VALIDATION_STATE_NO_VALIDATOR',
      ]),
    );
  });

  it.each([
    ['0', 400],
    ['1', 200],
    ['10000', 200],
    ['10001', 400],
  ])('answer limit=%s with %i', async (limit, status) => {
    expect((await call(seededEmulator(), 'GET', `${path}?limit=${limit}`)).status).toBe(status);
  });
});

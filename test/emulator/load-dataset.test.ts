import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatasetError, loadDatasetFile, parseDataset } from '../../src/emulator/load-dataset.js';
import { ROOT } from '../helpers/paths.js';
import { createSeedDataset } from '../../src/emulator/seed.js';
import { call, seededEmulator } from './support.js';

const fixture = (name: string) => join(ROOT, 'test/emulator/fixtures', name);

function problemsOf(text: string): readonly string[] {
  try {
    parseDataset(text, 'data.json');
  } catch (error) {
    if (error instanceof DatasetError) return error.problems;
    throw error;
  }
  throw new Error('expected a DatasetError');
}

describe('the dataset format', () => {
  it('parses the example in DATASET.md and serves it', async () => {
    const doc = readFileSync(join(ROOT, 'src/emulator/DATASET.md'), 'utf8');
    const example = /```json\n([\s\S]*?)\n```/.exec(doc)![1]!;
    const dataset = parseDataset(example, 'DATASET.md');
    const emulator = seededEmulator({ dataset });
    const answer = await call(emulator, 'POST', '/api/v1/deployments/1/dependencies', {
      body: {},
      token: 'my-api-token',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.dependencies).toHaveLength(2);
    const jwt = await call(emulator, 'GET', '/api/notifications/in-app/deployments/1', {
      token: 'my-user-jwt',
    });
    expect((jwt.body.notifications as { id: string }[]).map((n) => n.id)).toEqual(['n1']);
  });

  it('fills the defaults of optional fields', async () => {
    const dataset = await loadDatasetFile(fixture('monorepo-dataset.json'));
    expect(dataset.tokens[0]).toMatchObject({ webApi: true, admin: false });
    expect(dataset.tokens[1]).toMatchObject({ webApi: false, viewer: 'api-viewer' });
    expect(dataset.projects[0]).toMatchObject({
      url: 'https://github.com/globex/platform',
      defaultBranch: 'refs/heads/main',
    });
    expect(dataset.repositories[0]).toMatchObject({
      id: '9001',
      archived: false,
      hasDependencyPathScan: false,
    });
    expect(dataset.dependencies.map((d) => [d.id, d.ecosystem, d.line, d.transitivity])).toEqual([
      ['1', 'npm', 120, 'DIRECT'],
      ['2', 'npm', 880, 'TRANSITIVE'],
      ['77', 'pypi', 1, 'DIRECT'],
      ['3', 'pypi', 1, 'UNKNOWN_TRANSITIVITY'],
    ]);
    expect(dataset.notifications[0]).toMatchObject({ adminOnly: false, link: '', isExternalLink: false });
    expect(dataset.findings).toEqual([]);
  });

  it('serves a loaded dataset: lockfiles of a monorepo, tokens without Web API', async () => {
    const emulator = seededEmulator({ dataset: await loadDatasetFile(fixture('monorepo-dataset.json')) });
    const lockfiles = await call(
      emulator,
      'POST',
      '/api/v1/deployments/42/dependencies/repositories/9001/lockfiles',
      {
        body: {},
        token: 'globex-ci',
      },
    );
    expect(lockfiles.body.lockfileSummaries).toEqual([
      { lockfilePath: 'web/package-lock.json', numDependencies: 2 },
      { lockfilePath: 'api/poetry.lock', numDependencies: 2 },
      { lockfilePath: 'tools/go.mod', numDependencies: 0 },
    ]);
    const readonly = await call(emulator, 'GET', '/api/v1/deployments', { token: 'globex-readonly' });
    expect(readonly.status).toBe(404);
  });

  it('keeps one id space: a repository that names its project must share its id', () => {
    const data = {
      deployments: [{ id: 1, name: 'O', slug: 'o' }],
      projects: [{ id: 10, deploymentId: 1, name: 'o/app' }],
      repositories: [{ id: '11', deploymentId: 1, name: 'o/app', projectName: 'o/app' }],
    };
    expect(() => parseDataset(JSON.stringify(data), 'ids.json')).toThrow(
      /repositories\[0\]\.id "11" must be the id of its project "o\/app" \(10\)/,
    );
    data.repositories[0]!.id = '10';
    expect(() => parseDataset(JSON.stringify(data), 'ids.json')).not.toThrow();
  });

  it('lists every problem of a broken file with its field path, and names the file', async () => {
    const error = await loadDatasetFile(fixture('broken-dataset.json'), 'broken-dataset.json').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DatasetError);
    const { message, problems } = error as DatasetError;
    expect(message).toMatch(/^broken-dataset\.json: invalid dataset \(\d+ problems\):\n {2}/);
    expect(problems).toEqual([
      'alerts is not a section (known: deployments, tokens, projects, repositories, lockfiles, dependencies, notifications, findings, secrets)',
      'tokens[0].kind must be one of api, jwt, got "robot"',
      'repositories[0].id must be a numeric id (digits, as a string or a number), got "r-1"',
      'dependencies[1].version must be a string, got 1',
      'dependencies[1].licences is not a field of dependencies (known: id, repositoryId, lockfilePath, name, version, ecosystem, licenses, transitivity, line, column, endLine, endColumn, resolvedUrl)',
      'deployments[1].id 42 is already used by deployments[0]',
      'tokens[0].deploymentId 43 is not a deployment',
      'projects[0].name "globex/../etc" must be a path like org/repo, without empty, "." or ".." segments',
      'dependencies[0].repositoryId "9001" is not a repository',
      'dependencies[0].ecosystem is required when its lockfile is not listed in lockfiles',
      'dependencies[1].repositoryId "9001" is not a repository',
    ]);
  });

  it.each<[string, unknown, string]>([
    ['a missing required field', { deployments: [{ id: 1, name: 'x' }] }, 'deployments[0].slug is required'],
    ['a section that is not an array', { deployments: {} }, 'deployments must be an array, got {}'],
    [
      'a record that is not an object',
      { deployments: ['acme'] },
      'deployments[0] must be an object, got "acme"',
    ],
    [
      'a negative id',
      { deployments: [{ id: -1, name: 'x', slug: 'x' }] },
      'deployments[0].id must be a non-negative integer, got -1',
    ],
    [
      'an empty slug',
      { deployments: [{ id: 1, name: 'x', slug: ' ' }] },
      'deployments[0].slug must be a non-empty string',
    ],
    [
      'a duplicate slug',
      {
        deployments: [
          { id: 1, name: 'x', slug: 'x' },
          { id: 2, name: 'y', slug: 'x' },
        ],
      },
      'deployments[1].slug "x" is already used by deployments[0]',
    ],
    [
      'a section named like a method of every object',
      { toString: [] },
      'toString is not a section (known: deployments',
    ],
    [
      'an unknown ecosystem',
      { lockfiles: [{ repositoryId: '1', path: 'a', ecosystem: 'npmjs' }] },
      'lockfiles[0].ecosystem must be one of npm, pypi',
    ],
    [
      'licenses that are not strings',
      {
        dependencies: [
          {
            repositoryId: '1',
            lockfilePath: 'a',
            name: 'n',
            version: '1',
            ecosystem: 'npm',
            licenses: 'MIT',
          },
        ],
      },
      'dependencies[0].licenses must be an array of strings, got "MIT"',
    ],
    [
      'a repository id beyond uint64',
      { repositories: [{ id: '18446744073709551616', deploymentId: 1, name: 'x' }] },
      'repositories[0].id must be a numeric id',
    ],
    [
      'a project the repository names but nobody defines',
      {
        deployments: [{ id: 1, name: 'x', slug: 'x' }],
        repositories: [{ id: 1, deploymentId: 1, name: 'a/b', projectName: 'a/c' }],
      },
      'repositories[0].projectName "a/c" is not a project of deployment 1',
    ],
    [
      'two projects of one name',
      {
        deployments: [{ id: 1, name: 'x', slug: 'x' }],
        projects: [
          { id: 1, deploymentId: 1, name: 'a/b' },
          { id: 2, deploymentId: 1, name: 'a/b' },
        ],
      },
      'projects[1].name "a/b" is already used by projects[0]',
    ],
    [
      'a lockfile listed twice',
      {
        deployments: [{ id: 1, name: 'x', slug: 'x' }],
        repositories: [{ id: 1, deploymentId: 1, name: 'a/b' }],
        lockfiles: [
          { repositoryId: 1, path: 'go.mod', ecosystem: 'gomod' },
          { repositoryId: '1', path: 'go.mod', ecosystem: 'gomod' },
        ],
      },
      'lockfiles[1].path "go.mod" is already used by lockfiles[0]',
    ],
    [
      'a duplicate dependency id',
      {
        deployments: [{ id: 1, name: 'x', slug: 'x' }],
        repositories: [{ id: 1, deploymentId: 1, name: 'a/b' }],
        dependencies: [
          { id: 5, repositoryId: 1, lockfilePath: 'a', name: 'n', version: '1', ecosystem: 'npm' },
          { id: '5', repositoryId: 1, lockfilePath: 'a', name: 'm', version: '1', ecosystem: 'npm' },
        ],
      },
      'dependencies[1].id "5" is already used by dependencies[0]',
    ],
    [
      'a bad notification status',
      {
        notifications: [{ id: 'n', deploymentId: 1, title: 't', severity: 'SEVERITY_INFO', status: 'READ' }],
      },
      'notifications[0].status must be one of STATUS_DELIVERED, STATUS_SEEN, STATUS_ARCHIVED, got "READ"',
    ],
    ['a finding without an id', { findings: [{ deploymentId: 1, rule: 'x' }] }, 'findings[0].id is required'],
    [
      'a finding of an unknown issue type',
      { findings: [{ id: 1, deploymentId: 1, issueType: 'dast' }] },
      'findings[0].issueType must be one of sast, sca, ai_sast, got "dast"',
    ],
    [
      'a finding with a confidence the filter cannot match',
      { findings: [{ id: 1, deploymentId: 1, confidence: 'CONFIDENCE_HIGH' }] },
      'findings[0].confidence must be one of low, medium, high, got "CONFIDENCE_HIGH"',
    ],
    [
      'an autotriage verdict the filter cannot match',
      { findings: [{ id: 1, deploymentId: 1, assistant: { autotriage: { verdict: 'yes', reason: '' } } }] },
      'findings[0].assistant.autotriage.verdict must be one of true_positive, false_positive, got "yes"',
    ],
    [
      'a transitivity the filter cannot match',
      { findings: [{ id: 1, deploymentId: 1, found_dependency: { package: 'x', transitivity: 'DIRECT' } }] },
      'findings[0].found_dependency.transitivity must be one of direct, transitive, unknown, got "DIRECT"',
    ],
    [
      'a triage reason of the filter alone',
      { findings: [{ id: 1, deploymentId: 1, triage_reason: 'no_triage_reason' }] },
      'findings[0].triage_reason must be one of acceptable_risk, false_positive, no_time, duplicate',
    ],
    [
      'a relevant_since that is not a time',
      { findings: [{ id: 1, deploymentId: 1, relevant_since: 'last week' }] },
      'findings[0].relevant_since must be an ISO 8601 time, got "last week"',
    ],
    [
      'is_malicious as a string',
      { findings: [{ id: 1, deploymentId: 1, is_malicious: 'true' }] },
      'findings[0].is_malicious must be true or false, got "true"',
    ],
    [
      'a secret status in the findings spelling',
      { secrets: [{ id: '1', deploymentId: 1, status: 'open' }] },
      'secrets[0].status must be one of FINDING_STATUS_UNSPECIFIED, FINDING_STATUS_OPEN',
    ],
    [
      'a secret without a repository name',
      { secrets: [{ id: '1', deploymentId: 1, repository: { url: 'https://github.com/a/b' } }] },
      'secrets[0].repository.name is required',
    ],
  ])('reports %s', (_title, data, problem) => {
    expect(problemsOf(JSON.stringify(data)).some((p) => p.startsWith(problem))).toBe(true);
  });

  it.each([
    ['text that is not JSON', '{nope', /^x\.json: not valid JSON \(/],
    ['an array', '[]', /^x\.json: the dataset must be a JSON object/],
    ['null', 'null', /^x\.json: the dataset must be a JSON object/],
  ])('refuses %s in one line naming the file', (_title, text, message) => {
    expect(() => parseDataset(text, 'x.json')).toThrow(message);
  });

  it('refuses a file it cannot read, naming it', async () => {
    await expect(loadDatasetFile(fixture('no-such.json'), 'no-such.json')).rejects.toThrow(
      'no-such.json: cannot be read (ENOENT)',
    );
  });

  it("takes the seed's findings and secrets as they are, nulls included", () => {
    const seed = createSeedDataset();
    const dataset = parseDataset(
      JSON.stringify({ deployments: seed.deployments, findings: seed.findings, secrets: seed.secrets }),
      'seed.json',
    );
    expect(dataset.findings).toEqual(seed.findings);
    expect(dataset.secrets).toEqual(seed.secrets);
    expect(dataset.findings[0]).toMatchObject({ triage_reason: null, external_ticket: null });
  });

  it('keeps findings and secrets fields it does not know', () => {
    const dataset = parseDataset(
      JSON.stringify({
        deployments: [{ id: 1, name: 'x', slug: 'x' }],
        findings: [{ id: 1, deploymentId: 1, rule_name: 'r', extra: { a: 1 } }],
      }),
      'x.json',
    );
    expect(dataset.findings[0]).toEqual({ id: 1, deploymentId: 1, rule_name: 'r', extra: { a: 1 } });
  });
});

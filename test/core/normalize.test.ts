import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  normalizeDependencies,
  normalizeDependency,
  normalizeDeployment,
  normalizeLockfileSummary,
  normalizeNotification,
  normalizeProject,
  normalizeRepositorySummary,
} from '../../src/core/normalize.js';
import { ShapeError } from '../../src/core/validate.js';

/** The field a normalizer names when it refuses a value, or undefined when it accepts it. */
function refusedField(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof ShapeError) return error.field;
    throw error;
  }
}

/** A dependency as the real service sends it, taken from its published protobuf JSON mapping. */
const REAL = {
  repositoryId: '123456789012',
  definedAt: {
    path: 'yarn.lock',
    startLine: '42',
    startCol: '3',
    endLine: '42',
    endCol: '9',
    url: 'https://x/y#L42',
    committedAt: '2024-05-01T10:00:00Z',
  },
  transitivity: 'TRANSITIVE',
  package: { name: 'lodash', versionSpecifier: '4.17.21' },
  ecosystem: 'npm',
  licenses: ['MIT'],
  resolvedUrl: 'https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz',
};

describe('dependency normalization', () => {
  it('reads the spec shape', () => {
    expect(normalizeDependency({ id: '1', name: 'lodash', version: '4.17.21' }, 'd')).toEqual({
      id: '1',
      name: 'lodash',
      version: '4.17.21',
      transitivity: 'unknown',
      licenses: [],
    });
  });

  it('reads the real shape, numbers carried as strings, and lets it win over the spec fields', () => {
    const dep = normalizeDependency({ ...REAL, name: 'old', version: '0', repositoryId: 123456789012 }, 'd');
    expect(dep).toEqual({
      name: 'lodash',
      version: '4.17.21',
      repositoryId: '123456789012',
      lockfilePath: 'yarn.lock',
      line: 42,
      column: 3,
      url: 'https://x/y#L42',
      transitivity: 'transitive',
      ecosystem: 'npm',
      licenses: ['MIT'],
      resolvedUrl: 'https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz',
    });
  });

  it.each([
    ['DIRECT', 'direct'],
    ['TRANSITIVE', 'transitive'],
    ['UNKNOWN_TRANSITIVITY', 'unknown'],
    [undefined, 'unknown'],
    [null, 'unknown'],
  ])('reads transitivity %s as %s', (transitivity, expected) => {
    expect(normalizeDependency({ name: 'a', transitivity }, 'd').transitivity).toBe(expected);
  });

  it.each([
    [{ name: 'a', id: 77 }, { id: '77' }],
    [{ name: 'a', repositoryId: '18446744073709551615' }, { repositoryId: '18446744073709551615' }],
    [{ name: 'a', definedAt: { startLine: 7, startCol: '' } }, { line: 7 }],
    [
      { package: { name: 'b' }, name: 'a', version: '2' },
      { name: 'b', version: '2' },
    ],
    [
      { package: { name: 'b', versionSpecifier: null }, version: '2' },
      { name: 'b', version: '2' },
    ],
    [{ name: 'a', licenses: null, id: null }, { licenses: [] }],
  ])('tolerates %j', (value, expected) => {
    expect(normalizeDependency(value, 'd')).toMatchObject(expected);
  });

  it.each([
    [null, 'dependencies[3]'],
    [['a'], 'dependencies[3]'],
    [{ version: '1' }, 'dependencies[3].package.name'],
    [{ name: '' }, 'dependencies[3].package.name'],
    [{ name: 'a', licenses: 'MIT' }, 'dependencies[3].licenses'],
    [{ name: 'a', licenses: ['MIT', 7] }, 'dependencies[3].licenses[1]'],
    [{ name: 'a', definedAt: { startLine: 'ten' } }, 'dependencies[3].definedAt.startLine'],
    [{ name: 'a', definedAt: { startLine: 1.5 } }, 'dependencies[3].definedAt.startLine'],
    [{ name: 'a', definedAt: [] }, 'dependencies[3].definedAt'],
    [{ name: 'a', definedAt: { path: 3 } }, 'dependencies[3].definedAt.path'],
    [{ name: 'a', transitivity: 'SOMETIMES' }, 'dependencies[3].transitivity'],
    [{ name: 'a', transitivity: 'toString' }, 'dependencies[3].transitivity'],
    [{ name: 'a', transitivity: '__proto__' }, 'dependencies[3].transitivity'],
    [{ name: 'a', repositoryId: 'abc' }, 'dependencies[3].repositoryId'],
    [{ name: 'a', repositoryId: 1.5 }, 'dependencies[3].repositoryId'],
    [{ name: 'a', id: true }, 'dependencies[3].id'],
    [{ name: 'a', ecosystem: ['npm'] }, 'dependencies[3].ecosystem'],
    [{ package: { name: 5 } }, 'dependencies[3].package.name'],
    [{ package: 'lodash' }, 'dependencies[3].package'],
    [{ package: { name: 'a', versionSpecifier: 1 } }, 'dependencies[3].package.versionSpecifier'],
  ])('names the wrong field of %j', (value, field) => {
    expect(refusedField(() => normalizeDependency(value, 'dependencies[3]'))).toBe(field);
    expect(refusedField(() => normalizeDependencies([REAL, REAL, REAL, value], 'dependencies'))).toBe(field);
  });

  // The listing reads most dependencies through an unchecked fast path and falls back to the checked
  // one only on trouble: both must agree on every input, accepted or refused.
  it('agrees with the checked path on arbitrary near-valid dependencies', () => {
    // Mostly valid values, so that one wrong field at a time is what decides.
    const maybe = <T>(arb: fc.Arbitrary<T>) =>
      fc.oneof(
        { arbitrary: arb, weight: 12 },
        { arbitrary: fc.constant(undefined), weight: 2 },
        fc.constant(null),
        fc.constant(''),
        fc.integer(),
        fc.double(),
        fc.constant('toString'),
      );
    const dependency = fc.record(
      {
        id: maybe(fc.string()),
        name: maybe(fc.string()),
        version: maybe(fc.string()),
        repositoryId: maybe(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String)),
        transitivity: maybe(fc.constantFrom('DIRECT', 'TRANSITIVE', 'UNKNOWN_TRANSITIVITY', 'OTHER')),
        ecosystem: maybe(fc.constantFrom('npm', 'pypi')),
        licenses: fc.oneof(
          fc.array(fc.oneof(fc.string(), fc.integer())),
          fc.constant(undefined),
          fc.string(),
        ),
        resolvedUrl: maybe(fc.webUrl()),
        package: fc.oneof(
          { arbitrary: fc.constant(undefined), weight: 3 },
          fc.record({ name: maybe(fc.string()), versionSpecifier: maybe(fc.string()) }, { requiredKeys: [] }),
          fc.constant(undefined),
          fc.constant(null),
          fc.constant([]),
        ),
        definedAt: fc.oneof(
          { arbitrary: fc.constant(undefined), weight: 2 },
          fc.record(
            {
              path: maybe(fc.string()),
              startLine: maybe(fc.integer({ min: 0, max: 1e6 }).map(String)),
              startCol: maybe(fc.nat()),
              url: maybe(fc.string()),
            },
            { requiredKeys: [] },
          ),
          fc.constant(undefined),
          fc.constant('here'),
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(dependency, (value) => {
        let checked: unknown;
        try {
          checked = normalizeDependency(value, 'dependencies[0]');
        } catch (error) {
          checked = error instanceof ShapeError ? `refused ${error.field}` : error;
        }
        let listed: unknown;
        try {
          listed = normalizeDependencies([value], 'dependencies')[0];
        } catch (error) {
          listed = error instanceof ShapeError ? `refused ${error.field}` : error;
        }
        expect(listed).toEqual(checked);
      }),
      { numRuns: 500 },
    );
  });
});

describe('other resources', () => {
  it.each([
    [
      'a notification with only an id',
      () => normalizeNotification({ id: 'n1' }, 'n'),
      { id: 'n1', title: '', adminOnly: false },
    ],
    ['a notification id sent as a number', () => normalizeNotification({ id: 9 }, 'n'), { id: '9' }],
    [
      'a lockfile summary with its count as a string',
      () => normalizeLockfileSummary({ lockfilePath: 'a/go.mod', numDependencies: '12' }, 'l'),
      { numDependencies: 12 },
    ],
    [
      'a repository id sent as a number',
      () => normalizeRepositorySummary({ id: 5, name: 'acme/web' }, 'r'),
      { id: '5', numDependencies: 0, hasDependencyPathScan: false },
    ],
    [
      'a project, extra fields kept',
      () => normalizeProject({ id: '7', name: 'acme/web', url: 'https://x' }, 'p'),
      { id: 7, tags: [], url: 'https://x' },
    ],
    [
      'a deployment',
      () => normalizeDeployment({ id: 1234, name: 'Acme', slug: 'acme' }, 'd'),
      { id: 1234, slug: 'acme' },
    ],
  ])('reads %s', (_title, run, expected) => {
    expect(run()).toMatchObject(expected);
  });

  it.each([
    [
      'notifications[2]',
      () => normalizeNotification({ title: 'x' }, 'notifications[2]'),
      'notifications[2].id',
    ],
    ['notifications[2]', () => normalizeNotification({ id: '' }, 'notifications[2]'), 'notifications[2].id'],
    [
      'notifications[2]',
      () => normalizeNotification({ id: 'a', adminOnly: 'yes' }, 'notifications[2]'),
      'notifications[2].adminOnly',
    ],
    [
      'lockfileSummaries[0]',
      () => normalizeLockfileSummary({ numDependencies: 1 }, 'lockfileSummaries[0]'),
      'lockfileSummaries[0].lockfilePath',
    ],
    [
      'repositorySummaries[1]',
      () => normalizeRepositorySummary({ name: 'x' }, 'repositorySummaries[1]'),
      'repositorySummaries[1].id',
    ],
    ['project', () => normalizeProject({ id: 'not-a-number' }, 'project'), 'project.id'],
    [
      'project',
      () => normalizeProject({ id: 1, name: 'a', tags: ['x', null] }, 'project'),
      'project.tags[1]',
    ],
    ['project', () => normalizeProject(undefined, 'project'), 'project'],
    [
      'deployments[0]',
      () => normalizeDeployment({ id: 1, name: 'a' }, 'deployments[0]'),
      'deployments[0].slug',
    ],
  ])('names the wrong field of %s', (_title, run, field) => {
    expect(refusedField(run)).toBe(field);
  });
});

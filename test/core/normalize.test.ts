import { describe, expect, it } from 'vitest';
import { normalizeDependency } from '../../src/core/normalize.js';
import { ShapeError } from '../../src/core/validate.js';

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
    const dep = normalizeDependency(
      {
        name: 'old',
        version: '0',
        repositoryId: 123456789012,
        definedAt: {
          path: 'yarn.lock',
          startLine: '42',
          startCol: '3',
          endLine: '42',
          endCol: '9',
          url: 'https://x/y#L42',
        },
        transitivity: 'TRANSITIVE',
        package: { name: 'lodash', versionSpecifier: '4.17.21' },
        ecosystem: 'npm',
        licenses: ['MIT'],
        resolvedUrl: 'https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz',
      },
      'd',
    );
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
    [null, 'dependencies[3]'],
    [{ version: '1' }, 'dependencies[3].package.name'],
    [{ name: 'a', licenses: 'MIT' }, 'dependencies[3].licenses'],
    [{ name: 'a', licenses: ['MIT', 7] }, 'dependencies[3].licenses[1]'],
    [{ name: 'a', definedAt: { startLine: 'ten' } }, 'dependencies[3].definedAt.startLine'],
    [{ name: 'a', transitivity: 'SOMETIMES' }, 'dependencies[3].transitivity'],
    [{ name: 'a', repositoryId: 'abc' }, 'dependencies[3].repositoryId'],
    [{ package: { name: 5 } }, 'dependencies[3].package.name'],
  ])('names the wrong field of %j', (value, field) => {
    expect(() => normalizeDependency(value, 'dependencies[3]')).toThrow(ShapeError);
    try {
      normalizeDependency(value, 'dependencies[3]');
    } catch (error) {
      expect((error as ShapeError).field).toBe(field);
    }
  });
});

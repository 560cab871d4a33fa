import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { manifestPathOf } from '../../src/lockfiles/manifest-path.js';
import { readPdmLock } from '../../src/lockfiles/pypi/read-pdm.js';
import { readPoetryLock } from '../../src/lockfiles/pypi/read-poetry.js';
import type { LockfileResult } from '../../src/lockfiles/types.js';
import { CORPUS_TEST, corpusPath } from '../helpers/paths.js';

const POETRY = corpusPath('real-projects', 'poetry', 'poetry.lock');
const PDM = corpusPath('dependabot-core', 'python', 'spec', 'fixtures', 'poetry_locks', 'pdm_example.lock');

/** The names a package depends on, by name (each edge resolved back to its entry). */
function depsOf(result: LockfileResult, name: string): string[] {
  const index = result.packages.findIndex((pkg) => pkg.name === name);
  expect(index, name).toBeGreaterThanOrEqual(0);
  return result.dependencies![index]!.map((to) => result.packages[to]!.name).sort();
}

describe('poetry.lock edges', CORPUS_TEST, () => {
  let text = '';
  beforeAll(() => {
    text = readFileSync(POETRY, 'utf8');
  });

  it('are absent unless asked for, and the packages are the same either way', () => {
    const plain = readPoetryLock(POETRY, text);
    const withEdges = readPoetryLock(POETRY, text, { edges: true });
    expect(plain.dependencies).toBeUndefined();
    expect(withEdges.packages).toEqual(plain.packages);
    expect(withEdges.dependencies).toHaveLength(plain.packages.length);
  });

  it('resolve [package.dependencies] by PEP 503 name, optional (extra) ones included', () => {
    const result = readPoetryLock(POETRY, text, { edges: true });
    // `charset_normalizer` is locked as `charset-normalizer`.
    expect(depsOf(result, 'requests')).toEqual(['certifi', 'charset-normalizer', 'idna', 'urllib3']);
    // filelock is pulled only by cachecontrol's `filecache` extra.
    expect(depsOf(result, 'cachecontrol')).toEqual(['filelock', 'msgpack', 'requests']);
    for (const list of result.dependencies!)
      for (const to of list) expect(to).toBeLessThan(result.packages.length);
  });
});

describe('pdm.lock edges', () => {
  it('resolve requirement strings with versions and markers stripped', CORPUS_TEST, () => {
    const text = readFileSync(PDM, 'utf8');
    expect(readPdmLock(PDM, text).dependencies).toBeUndefined();
    const result = readPdmLock(PDM, text, { edges: true });
    expect(depsOf(result, 'flake8')).toEqual(['importlib-metadata', 'mccabe', 'pycodestyle', 'pyflakes']);
    expect(depsOf(result, 'importlib-metadata')).toEqual(['typing-extensions', 'zipp']);
    expect(depsOf(result, 'zipp')).toEqual([]);
  });

  it('give an entry with extras, left out, to the plain entry it repeats', () => {
    const lock = [
      '[metadata]',
      'lock_version = "4.4"',
      '[[package]]',
      'name = "requests"',
      'version = "2.31.0"',
      'groups = ["default"]',
      'dependencies = ["idna>=2.5"]',
      '[[package]]',
      'name = "requests"',
      'version = "2.31.0"',
      'extras = ["socks"]',
      'groups = ["default"]',
      'dependencies = ["requests==2.31.0", "PySocks!=1.5.7,>=1.5.6"]',
      '[[package]]',
      'name = "idna"',
      'version = "3.4"',
      '[[package]]',
      'name = "pysocks"',
      'version = "1.7.1"',
      '',
    ].join('\n');
    const result = readPdmLock('pdm.lock', lock, { edges: true });
    expect(result.packages.map((pkg) => pkg.name)).toEqual(['requests', 'idna', 'pysocks']);
    expect(depsOf(result, 'requests')).toEqual(['idna', 'pysocks']);
  });
});

describe('directness from pyproject.toml', () => {
  it('maps poetry.lock and pdm.lock to the pyproject.toml beside them', () => {
    expect(manifestPathOf('svc/poetry.lock')).toBe('svc/pyproject.toml');
    expect(manifestPathOf('pdm.lock')).toBe('pyproject.toml');
    expect(manifestPathOf('uv.lock')).toBeUndefined();
  });

  it('marks PEP 621, extras and poetry groups on a real poetry.lock', CORPUS_TEST, () => {
    const manifest = [
      '[project]',
      'name = "demo"',
      'dependencies = ["CacheControl[filecache] (>=0.14.2,<0.15.0)", "build (>=1.2.1)"]',
      '[project.optional-dependencies]',
      'git = ["dulwich>=0.22"]',
      '[tool.poetry.dependencies]',
      'python = "^3.10"',
      '[tool.poetry.group.test.dependencies]',
      'coverage = ">=7.2.0"',
      '',
    ].join('\n');
    const result = readPoetryLock(POETRY, readFileSync(POETRY, 'utf8'), { manifest });
    const byName = new Map(result.packages.map((pkg) => [pkg.name, pkg]));
    expect(byName.get('cachecontrol')).toMatchObject({ direct: true });
    expect(byName.get('build')).toMatchObject({ direct: true });
    expect(byName.get('dulwich')).toMatchObject({ direct: true });
    expect(byName.get('coverage')).toMatchObject({ direct: true, dev: true });
    expect(byName.get('requests')).toMatchObject({ direct: false });
    expect(result.packages.every((pkg) => pkg.direct !== undefined)).toBe(true);
  });

  it(
    'marks [dependency-groups] and [tool.pdm.dev-dependencies] as dev on a real pdm.lock',
    CORPUS_TEST,
    () => {
      const manifest = [
        '[project]',
        'dependencies = ["requests>=2.27"]',
        '[dependency-groups]',
        'lint = ["flake8>=3.9", {include-group = "test"}]',
        '[tool.pdm.dev-dependencies]',
        'test = ["-e file:///${PROJECT_ROOT}/sub#egg=sub", "zipp"]',
        '',
      ].join('\n');
      const result = readPdmLock(PDM, readFileSync(PDM, 'utf8'), { manifest });
      const byName = new Map(result.packages.map((pkg) => [pkg.name, pkg]));
      expect(byName.get('requests')).toMatchObject({ direct: true });
      expect(byName.get('requests')!.dev).not.toBe(true);
      expect(byName.get('flake8')).toMatchObject({ direct: true, dev: true });
      expect(byName.get('zipp')).toMatchObject({ direct: true, dev: true });
      expect(byName.get('idna')).toMatchObject({ direct: false });
    },
  );

  it('leaves directness unknown, with a warning, when the manifest is not TOML', CORPUS_TEST, () => {
    const result = readPoetryLock(POETRY, readFileSync(POETRY, 'utf8'), { manifest: '[project\nx = ' });
    expect(result.packages.every((pkg) => pkg.direct === undefined)).toBe(true);
    expect(result.warnings.map((w) => w.message).join('\n')).toMatch(/pyproject\.toml beside it is not TOML/);
  });
});

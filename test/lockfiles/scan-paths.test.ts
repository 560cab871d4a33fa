import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { LockfileKind } from '../../src/lockfiles/detect-lockfile.js';
import { isLockfileError } from '../../src/lockfiles/errors.js';
import { LOCKFILE_READERS } from '../../src/lockfiles/read-lockfile.js';
import { resetScanPaths, scanPaths } from '../../src/lockfiles/syntax/scan-paths.js';
import type * as tomlScan from '../../src/lockfiles/syntax/toml-scan.js';
import { scanTomlLockfile } from '../../src/lockfiles/syntax/toml-scan.js';
import type * as yamlScan from '../../src/lockfiles/syntax/yaml-scan.js';
import { scanYamlDocuments, scanYamlEntries } from '../../src/lockfiles/syntax/yaml-scan.js';
import { findLockfileSamples } from '../helpers/lockfile-files.js';
import { CORPUS, CORPUS_TEST, fixtureKey, HAS_CORPUS } from '../helpers/paths.js';
import { itEachFile } from '../helpers/reader-tests.js';

// The readers call the scanners through these mocks, so that a test can turn them off and read the same
// text through the full parsers alone.
vi.mock('../../src/lockfiles/syntax/yaml-scan.js', async (importOriginal) => {
  const original = await importOriginal<typeof yamlScan>();
  return {
    ...original,
    scanYamlDocuments: vi.fn(original.scanYamlDocuments),
    scanYamlEntries: vi.fn(original.scanYamlEntries),
  };
});
vi.mock('../../src/lockfiles/syntax/toml-scan.js', async (importOriginal) => {
  const original = await importOriginal<typeof tomlScan>();
  return { ...original, scanTomlLockfile: vi.fn(original.scanTomlLockfile) };
});
const yamlActual = await vi.importActual<typeof yamlScan>('../../src/lockfiles/syntax/yaml-scan.js');
const tomlActual = await vi.importActual<typeof tomlScan>('../../src/lockfiles/syntax/toml-scan.js');

/** The formats whose readers have a fast scanner, and where osv-scalibr keeps its files of each. */
const SCANNED: [LockfileKind, string][] = [
  ['pnpm', 'javascript/pnpmlock'],
  ['yarn', 'javascript/yarnlock'],
  ['cargo', 'rust/cargolock'],
  ['uv', 'python/uvlock'],
  ['poetry', 'python/poetrylock'],
  ['pdm', 'python/pdmlock'],
  ['pylock', 'python/pylock'],
];

/**
 * The files the scanners leave to the full parsers, each with the reason: hand-edited test cases that
 * no package manager wrote as they are, and (marked) tool output outside the scanners' subset so far.
 */
const FALLBACKS: Record<string, string> = {
  // Flow mappings spaced `{ commit: … }`: pnpm (js-yaml's dump) writes `{commit: …}`.
  'osv-scalibr/language/javascript/pnpmlock/testdata/commits.yaml': 'hand-written: spaced flow mapping',
  'osv-scalibr/language/javascript/pnpmlock/testdata/files.yaml': 'hand-written: spaced flow mapping',
  // Committed with Windows line ends (a `.gitattributes`-less checkout on Windows): the parser reads it.
  'real-history/redux-toolkit-421b65bbb1/head/examples/publish-ci/expo/yarn.lock': 'CRLF line ends',
  // A comment and nothing else.
  'osv-scalibr/language/javascript/pnpmlock/testdata/empty.yaml': 'hand-written: no document',
  // Multi-line strings (`"""`): uv never writes them; Poetry only for a description with a line break.
  'osv-scalibr/language/python/uvlock/testdata/names-outside-package-block.lock':
    'hand-written: multi-line string',
  'osv-scalibr/language/python/poetrylock/testdata/names-outside-package-block.lock':
    'hand-written: multi-line string',
  'osv-scalibr/language/python/pdmlock/testdata/names-outside-package-block.toml':
    'hand-written: multi-line string',
  'osv-scalibr/language/python/pylock/testdata/names-outside-package-block.toml':
    'hand-written: multi-line string',
  'poetry/v2-groups/poetry.lock': 'tool output: a multi-line description',
  // `package = []`: Poetry 1.x for a project without dependencies.
  'osv-scalibr/language/python/poetrylock/testdata/empty.lock': 'tool output: an inline empty package array',
  // pip and uv write `upload-time` dates, and pip a one-package lock as an inline `packages = [...]`.
  'osv-scalibr/language/python/pylock/testdata/commits.toml': 'tool output: dates',
  'osv-scalibr/language/python/pylock/testdata/example.toml': 'tool output: dates',
  'osv-scalibr/language/python/pylock/testdata/pip-just-self.toml': 'tool output: an inline packages array',
};

interface Sample {
  key: string;
  kind: LockfileKind;
  path: string;
  text: string;
}

const samples: Sample[] = [
  ...findLockfileSamples().filter((s) => SCANNED.some(([kind]) => kind === s.kind)),
  ...SCANNED.flatMap(([kind, folder]) => {
    if (!HAS_CORPUS) return [];
    const dir = join(CORPUS, 'osv-scalibr/language', folder, 'testdata');
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !/LICENSE|\.json$|\.txt$/.test(e.name))
      .map((e) => ({ path: join(e.parentPath, e.name), kind }));
  }),
]
  .map((s) => ({ key: fixtureKey(s.path), kind: s.kind, path: s.path, text: readFileSync(s.path, 'utf8') }))
  // Yarn v1 files have a reader of their own, without a fallback.
  .filter((s) => s.kind !== 'yarn' || s.text.includes('__metadata:'));

function outcome(sample: Sample): unknown {
  try {
    return LOCKFILE_READERS[sample.kind]!(sample.path, sample.text, { edges: true });
  } catch (error) {
    if (!isLockfileError(error)) throw error;
    return { error: error.reason, line: error.line };
  }
}

/** The reader's outcome with the scanners off: the full parsers read everything. */
function fullPath(sample: Sample): unknown {
  vi.mocked(scanYamlDocuments).mockImplementation(() => undefined);
  vi.mocked(scanYamlEntries).mockImplementation(() => undefined);
  vi.mocked(scanTomlLockfile).mockImplementation(() => undefined);
  try {
    return outcome(sample);
  } finally {
    vi.mocked(scanYamlDocuments).mockImplementation(yamlActual.scanYamlDocuments);
    vi.mocked(scanYamlEntries).mockImplementation(yamlActual.scanYamlEntries);
    vi.mocked(scanTomlLockfile).mockImplementation(tomlActual.scanTomlLockfile);
  }
}

const fallbackReason = (key: string) => FALLBACKS[Object.keys(FALLBACKS).find((k) => key.endsWith(k)) ?? ''];

describe('real lockfiles on the fast path', () => {
  it('has the real files of every scanned format', CORPUS_TEST, () => {
    const byKind: Record<string, number> = {};
    for (const s of samples) byKind[s.kind] = (byKind[s.kind] ?? 0) + 1;
    expect(byKind.pnpm).toBeGreaterThan(80);
    expect(byKind.yarn).toBeGreaterThan(40);
    expect(byKind.cargo).toBeGreaterThan(10);
    expect(byKind.uv).toBeGreaterThan(8);
    expect(byKind.poetry).toBeGreaterThan(10);
    expect(byKind.pdm).toBeGreaterThan(5);
    expect(byKind.pylock).toBeGreaterThan(5);
    for (const file of [
      'astro/pnpm-lock.yaml',
      'kit/pnpm-lock.yaml',
      'jest/yarn.lock',
      'pydantic/uv.lock',
      'poetry/poetry.lock',
    ])
      expect(samples.some((s) => s.key.endsWith(`real-projects/${file}`))).toBe(true);
    for (const key of Object.keys(FALLBACKS)) expect(samples.some((s) => s.key.endsWith(key))).toBe(true);
  });

  itEachFile(
    samples,
    (s) => s.path,
    (s) => [s.key, s] as const,
    '%s: the scanner reads what the tool wrote, as the full parser does',
    (key, sample) => {
      resetScanPaths();
      const fast = outcome(sample);
      const scanned = { fast: { ...scanPaths.fast }, fallback: { ...scanPaths.fallback } };
      const reason = fallbackReason(key);
      if (reason === undefined) {
        expect(scanned.fallback, `fell back at offset ${scanPaths.last?.offset}`).toEqual({});
        // (An empty file, or one refused before any scan, is not scanned at all.)
        if (sample.text.trim() !== '' && !(typeof fast === 'object' && fast !== null && 'error' in fast))
          expect(Object.keys(scanned.fast).length).toBeGreaterThan(0);
      } else {
        expect(Object.keys(scanned.fallback).length, reason).toBeGreaterThan(0);
      }
      expect(fast).toStrictEqual(fullPath(sample));
    },
  );
});

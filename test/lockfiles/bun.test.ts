import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareBunText } from '../../src/lockfiles/npm/bun-jsonc.js';
import { isLockfileError, type LockfileError } from '../../src/lockfiles/errors.js';
import { readBunLockfile } from '../../src/lockfiles/npm/read-bun.js';
import { readPnpmLockfile } from '../../src/lockfiles/npm/read-pnpm.js';
import type { LockfilePackage, LockfileResult } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { corpusPath, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const OSV_DIR = corpusPath('osv-scalibr', 'language', 'javascript', 'bunlock', 'testdata');
const DEPENDABOT_DIR = corpusPath('dependabot-core', 'bun');
const FIXTURE_DIR = fixturePath('bun');

const osvFiles = filesUnder(OSV_DIR, () => true);
const dependabotFiles = filesUnder(DEPENDABOT_DIR, (name) => name === 'bun.lock');
const fixtureFiles = filesUnder(
  FIXTURE_DIR,
  (name) => name.startsWith('bun.lock') || name.endsWith('.jsonc'),
);
const nameOf = (file: string) =>
  file.startsWith(FIXTURE_DIR) ? `fixtures/${relative(FIXTURE_DIR, file)}` : relative(corpusPath(), file);

const read = (file: string): LockfileResult => readBunLockfile(file, readFileSync(file, 'utf8'));
const fixture = (name: string) => read(join(FIXTURE_DIR, name, 'bun.lock'));
const osv = (name: string) => read(join(OSV_DIR, name));

function failure(file: string, text = readFileSync(file, 'utf8')): LockfileError {
  return lockfileErrorOf(() => readBunLockfile(file, text), file);
}

const brief = (p: LockfilePackage) =>
  [
    `${p.alias === undefined ? '' : `${p.alias} -> `}${p.name}@${p.version}`,
    p.source,
    p.direct === true ? 'direct' : 'transitive',
    p.dev === undefined ? 'dev?' : p.dev ? 'dev' : 'prod',
    ...(p.optional === true ? ['optional'] : []),
  ].join(' ');
const find = (result: LockfileResult, name: string) => result.packages.filter((p) => p.name === name);

/** Files that are broken on purpose, with the line and reason the error must give. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'osv-scalibr/language/javascript/bunlock/testdata/bad-tuple.json5': {
    line: 12,
    reason: /packages entry "wrappy-bad1" must be an array that starts with "name@resolution"/,
  },
  'osv-scalibr/language/javascript/bunlock/testdata/empty.json5': { line: 1, reason: /no lockfileVersion/ },
  'osv-scalibr/language/javascript/bunlock/testdata/not-json.txt': { line: 1, reason: /not valid JSON/ },
  'dependabot-core/bun/spec/fixtures/projects/bun/invalid_lockfile/bun.lock': {
    line: 1,
    reason: /not valid JSON/,
  },
  'dependabot-core/bun/spec/fixtures/projects/bun/invalid_lockfile_version/bun.lock': {
    line: 2,
    reason: /unsupported lockfileVersion -1/,
  },
  'fixtures/bun1.1-binary/bun.lockb': {
    line: 1,
    reason: /binary lockfile.*bun install --save-text-lockfile/,
  },
  'fixtures/edge/conflict.jsonc': { line: 5, reason: /merge conflict marker/ },
  'fixtures/edge/truncated.jsonc': { line: 5, reason: /not valid JSON/ },
  'fixtures/edge/unterminated-comment.jsonc': { line: 4, reason: /unterminated \/\* comment/ },
  'fixtures/edge/version-3.jsonc': { line: 2, reason: /unsupported lockfileVersion 3/ },
  'fixtures/edge/no-workspaces.jsonc': { line: 1, reason: /"workspaces" must be an object/ },
  'fixtures/edge/packages-array.jsonc': { line: 4, reason: /"packages" must be an object/ },
  'fixtures/edge/tuple-object.jsonc': {
    line: 5,
    reason: /must be an array that starts with "name@resolution"/,
  },
  'fixtures/edge/info-not-object.jsonc': { line: 5, reason: /the info object must be an object/ },
  'fixtures/edge/unknown-resolution.jsonc': { line: 5, reason: /cannot read the resolution "latest"/ },
};

describe('readBunLockfile', () => {
  it('finds every corpus file and every fixture', CORPUS_TEST, () => {
    expect(osvFiles).toHaveLength(19);
    expect(dependabotFiles).toHaveLength(12);
    expect(fixtureFiles.filter((f) => !f.includes('/edge/'))).toHaveLength(8);
    expect(fixtureFiles.filter((f) => f.includes('/edge/'))).toHaveLength(11);
  });

  itEachFile(
    [...osvFiles, ...dependabotFiles, ...fixtureFiles],
    (file) => file,
    (file) => [nameOf(file), file] as const,
    '%s reads as its reviewed golden file, or fails at its line',
    (name, file) => {
      const broken = BROKEN[name];
      if (broken !== undefined) {
        const error = failure(file);
        expect(error.reason).toMatch(broken.reason);
        expect(error.line).toBe(broken.line);
        return;
      }
      const result = read(file);
      for (const p of result.packages) expect(p.ecosystem).toBe('npm');
      expectGolden(file, result);
    },
  );

  itEachFile(
    [...osvFiles, ...dependabotFiles, ...fixtureFiles].filter((f) => BROKEN[nameOf(f)] === undefined),
    (file) => file,
    (file) => [file] as const,
    'puts every package of %s on the line of its key, in file order',
    (file) => {
      const lines = readFileSync(file, 'utf8').split('\n');
      const { packages } = read(file);
      expect(packages.map((p) => p.line)).toEqual([...packages.map((p) => p.line)].sort((a, b) => a - b));
      for (const p of packages) expect(lines[p.line - 1]!.trimStart().startsWith(`"${p.path!}":`)).toBe(true);
    },
  );

  describe('meaning', () => {
    it.each([
      ['bun1.1-app', 'bun@0'],
      ['bun1.2-app', 'bun@1'],
      ['bun1.4-app', 'bun@2'],
    ])('reads %s (%s): aliases, nested copies, git, folders and tarball URLs', (name, format) => {
      const result = fixture(name);
      expect(result.format).toBe(format);
      const byPath = Object.fromEntries(result.packages.map((p) => [p.path!, p]));
      expect(brief(byPath['my-is-odd']!)).toBe('my-is-odd -> is-odd@3.0.1 registry direct prod');
      // A copy nested under the alias: installed under its own name, so no alias.
      expect(brief(byPath['my-is-odd/is-number']!)).toBe('is-number@6.0.0 registry transitive prod');
      expect(byPath['ms-tarball']).toMatchObject({
        name: 'ms',
        alias: 'ms-tarball',
        version: '',
        source: 'url',
        resolved: 'https://registry.npmjs.org/ms/-/ms-2.0.0.tgz',
      });
      expect(byPath['git-lib']).toMatchObject({
        source: 'git',
        resolved: 'git+file:///tmp/fixture-repos/git-lib#a81c5aed1e769c2cbd09b15d08bdd680fd6b34cc',
      });
      expect(byPath['local-lib']).toMatchObject({ source: 'path', resolved: 'local-lib', direct: true });
      expect(brief(byPath.ms!)).toBe('ms@2.1.3 registry direct dev');
      expect(brief(byPath['ansi-regex']!)).toBe('ansi-regex@5.0.1 registry direct prod optional');
      expect(brief(byPath.scheduler!)).toBe('scheduler@0.23.2 registry transitive prod');
    });

    it('keeps a link: folder as a link package (bun 1.4; older bun links only globally registered packages)', () => {
      expect(find(fixture('bun1.4-app'), 'linked-lib')).toEqual([
        expect.objectContaining({ version: '', source: 'link', resolved: './linked-lib', direct: true }),
      ]);
    });

    it.each(['bun1.1-monorepo', 'bun1.2-monorepo', 'bun1.4-monorepo'])(
      'lists the workspace projects of %s as workspace packages with their versions, and their own copies',
      (name) => {
        expect(fixture(name).packages.map((p) => `${p.path!}: ${brief(p)}`)).toEqual([
          '@fixture/legacy: @fixture/legacy@1.0.0 workspace transitive dev?',
          '@fixture/shared: @fixture/shared@1.0.0 workspace direct prod',
          '@fixture/web: @fixture/web@1.0.0 workspace transitive dev?',
          'is-number: is-number@6.0.0 registry direct dev',
          'js-tokens: js-tokens@4.0.0 registry transitive prod',
          'loose-envify: loose-envify@1.4.0 registry transitive prod',
          'ms: ms@2.1.3 registry direct dev',
          'object-assign: object-assign@4.1.1 registry transitive prod',
          'react: react@17.0.2 registry direct prod',
          'use-sync-external-store: use-sync-external-store@1.2.0 registry direct prod',
          // Dependencies of a workspace project that differ from the root's sit under its name.
          '@fixture/shared/is-number: is-number@7.0.0 registry direct prod',
          '@fixture/web/react: react@18.2.0 registry direct prod',
        ]);
      },
    );

    it.each([
      ['bun1.1-app', 'pnpm9-app'],
      ['bun1.4-app', 'pnpm9-app'],
      ['bun1.4-monorepo', 'pnpm9-monorepo'],
    ])('agrees with pnpm on the registry packages of the same project: %s and %s', (bun, pnpm) => {
      const registry = (packages: LockfilePackage[]) =>
        packages
          .filter((p) => p.source === 'registry')
          .map(
            (p) =>
              `${p.alias ?? ''}>${p.name}@${p.version} ${String(p.direct)} ${String(p.dev)} ${String(p.optional)}`,
          )
          .sort();
      const pnpmResult = readPnpmLockfile(
        'pnpm-lock.yaml',
        readFileSync(fixturePath('pnpm', pnpm, 'pnpm-lock.yaml'), 'utf8'),
      );
      // pnpm resolves the registry tarball URL to the registry version it names; bun keeps the URL.
      const pnpmRegistry = registry(pnpmResult.packages).filter((s) => !s.startsWith('ms-tarball>'));
      expect(registry(fixture(bun).packages)).toEqual(pnpmRegistry);
    });

    it('reads a local tarball, a scoped alias and workspace peerDependencies (bun 1.4)', () => {
      expect(
        fixture('bun1.4-edge').packages.map((p) => `${p.path!}: ${brief(p)} ${p.resolved ?? ''}`.trim()),
      ).toEqual([
        'is-number: is-number@7.0.0 registry direct prod',
        'scoped-alias: scoped-alias -> @types/ms@0.7.31 registry direct prod',
        'tar-dep: tar-dep@ path direct prod ./vendor/tar-dep-1.0.0.tgz',
        'tar-dep/is-number: is-number@6.0.0 registry transitive prod',
      ]);
    });

    it.each([
      [
        'alias.json5',
        [
          'supports-color-old -> supports-color@6.1.0 registry direct prod',
          'has-flag@3.0.0 registry transitive prod',
        ],
      ],
      ['files.json5', ['etag@ path direct dev']],
      [
        'optional-package.json5',
        ['fsevents@0.3.8 registry direct prod optional', 'nan@2.22.0 registry transitive prod optional'],
      ],
      ['peer-dependencies-implicit.json5', ['acorn@8.14.0 registry transitive prod']],
      [
        'nested-dependencies.json5',
        ['supports-color@7.2.0 registry transitive dev', 'has-flag@4.0.0 registry transitive dev'],
      ],
      [
        'commits.json5',
        ['@prettier/sync@ git direct dev', 'make-synchronized@0.2.9 registry transitive dev'],
      ],
    ])('reads %s', CORPUS_TEST, (file, expected) => {
      const all = osv(file).packages.map(brief);
      for (const line of expected) expect(all).toContain(line);
    });

    it('reads github: and git+ tuples as git packages with the resolved reference', CORPUS_TEST, () => {
      const result = osv('commits.json5');
      expect(find(result, 'babel-preset-php')[0]).toMatchObject({
        source: 'git',
        resolved: 'git+ssh://gitlab:kornelski/babel-preset-php#1ae6dc1267500360b411ec711b8aeac8c68b2246',
      });
      expect(find(result, 'is-number').map((p) => `${p.alias!} ${p.resolved!}`)).toEqual([
        'is-number-1 github:jonschlinkert/is-number#98e8ff1',
        'is-number-2 github:jonschlinkert/is-number#d5ac058',
        'is-number-3 github:jonschlinkert/is-number#b7aef34',
      ]);
    });

    it('reads lockfileVersion 2 as bun 1.3+ writes it', CORPUS_TEST, () => {
      const result = read(
        join(
          DEPENDABOT_DIR,
          'spec',
          'fixtures',
          'projects',
          'bun',
          'unsupported_lockfile_version',
          'bun.lock',
        ),
      );
      expect(result.format).toBe('bun@2');
      expect(result.packages.map(brief)).toEqual(['etag@1.8.1 registry direct prod']);
    });

    it('reads comments and trailing commas without moving a line, and leaves // inside strings alone', () => {
      const result = read(join(FIXTURE_DIR, 'edge', 'comments.jsonc'));
      expect(result.packages.map((p) => `${p.line} ${brief(p)}`)).toEqual([
        '15 is-number@7.0.0 registry direct prod',
        '19 ms-url -> ms@ url direct prod',
      ]);
      expect(result.packages[1]!.resolved).toBe('https://registry.npmjs.org/ms/-/ms-2.0.0.tgz');
    });

    it('skips the root package, names a registry other than the default one, and tells optional peers apart', () => {
      const result = read(join(FIXTURE_DIR, 'edge', 'root-and-optional-peers.jsonc'));
      expect(result.packages.map((p) => `${brief(p)} ${p.resolved ?? ''}`.trim())).toEqual([
        'peer-a@1.0.0 registry transitive prod',
        // An optional peer of a production package that a dev tool needs outright: production, required.
        'peer-b@1.0.0 registry transitive prod',
        'tool@2.0.0 registry direct dev',
        'uses-peers@1.0.0 registry direct prod https://npm.example.com/',
      ]);
    });

    it.each([
      ['{"a": 1, /* c */ "b": [1, 2,], // d\n}', '{"a": 1,         "b": [1, 2 ]      \n}'],
      ['{"u": "http://x/*y*/", "v": "\\"//"}', '{"u": "http://x/*y*/", "v": "\\"//"}'],
      ['{"a": [1, /*\n*/ ]}', '{"a": [1    \n   ]}'],
    ])('blanks comments and trailing commas of %j and nothing else', (input, output) => {
      const { json } = prepareBunText('bun.lock', input);
      expect(json).toBe(output);
      expect(json).toHaveLength(input.length);
      expect(() => JSON.parse(json) as unknown).not.toThrow();
    });
  });

  it('returns a result or one LockfileError for mutated and truncated fixtures, never another error', () => {
    const seeds = fixtureFiles.filter((f) => f.endsWith('bun.lock')).map((f) => readFileSync(f, 'utf8'));
    fc.assert(
      fc.property(
        fc.constantFrom(...seeds),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.oneof(
          fc.constantFrom('', ',', '[', ']', '{', '}', '"', '//', '/*', '\\', '@', '/', '\n'),
          fc.string({ maxLength: 6 }),
        ),
        fc.boolean(),
        (seed, at, insert, truncate) => {
          const cut = Math.floor(at * seed.length);
          const text = truncate ? seed.slice(0, cut) : seed.slice(0, cut) + insert + seed.slice(cut);
          try {
            const result = readBunLockfile('bun.lock', text);
            for (const p of result.packages) expect(p.line).toBeGreaterThanOrEqual(1);
          } catch (error) {
            if (!isLockfileError(error)) throw error;
            expect(error.line ?? 1).toBeGreaterThanOrEqual(1);
          }
        },
      ),
      { numRuns: 300, seed: 20261122 },
    );
  });
});

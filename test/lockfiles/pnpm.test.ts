import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLockfileError, type LockfileError } from '../../src/lockfiles/errors.js';
import { readPnpmLockfile } from '../../src/lockfiles/npm/read-pnpm.js';
import type { LockfilePackage, LockfileResult } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { corpusPath, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const OSV_DIR = corpusPath('osv-scalibr', 'language', 'javascript', 'pnpmlock', 'testdata');
const SNYK_DIR = corpusPath('snyk-nodejs-lockfile-parser', 'fixtures');
const FIXTURE_DIR = fixturePath('pnpm');

const osvFiles = filesUnder(OSV_DIR, () => true);
const snykFiles = filesUnder(SNYK_DIR, (name) => name === 'pnpm-lock.yaml');
const fixtureFiles = filesUnder(
  FIXTURE_DIR,
  (name) => name.endsWith('.yaml') && name !== 'pnpm-workspace.yaml',
);
const nameOf = (file: string) =>
  file.startsWith(FIXTURE_DIR) ? `fixtures/${relative(FIXTURE_DIR, file)}` : relative(corpusPath(), file);

const read = (file: string): LockfileResult => readPnpmLockfile(file, readFileSync(file, 'utf8'));
const fixture = (name: string) => read(join(FIXTURE_DIR, name, 'pnpm-lock.yaml'));
const osv = (name: string) => read(join(OSV_DIR, name));
const snyk = (...parts: string[]) => read(join(SNYK_DIR, ...parts, 'pnpm-lock.yaml'));

function failure(file: string, text = readFileSync(file, 'utf8')): LockfileError {
  return lockfileErrorOf(() => readPnpmLockfile(file, text), file);
}

/** One package as a line of text: what a reviewer reads in a golden file, in a form tests can list. */
const brief = (p: LockfilePackage) =>
  [
    `${p.alias === undefined ? '' : `${p.alias} -> `}${p.name}@${p.version}`,
    p.source,
    p.direct === true ? 'direct' : 'transitive',
    p.dev === undefined ? 'dev?' : p.dev ? 'dev' : 'prod',
    ...(p.optional === true ? ['optional'] : []),
  ].join(' ');
const find = (result: LockfileResult, name: string, version?: string) =>
  result.packages.filter((p) => p.name === name && (version === undefined || p.version === version));

/** Files that are broken on purpose, with the line and reason the error must give. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'osv-scalibr/language/javascript/pnpmlock/testdata/invalid-path.yaml': {
    line: 17,
    reason: /packages key "invalidpath" is not a pnpm dependency path/,
  },
  'osv-scalibr/language/javascript/pnpmlock/testdata/invalid-paths.yaml': {
    line: 11,
    reason: /packages key "invalidpath1" is not a pnpm dependency path/,
  },
  'osv-scalibr/language/javascript/pnpmlock/testdata/not-yaml.txt': {
    line: 1,
    reason: /not a pnpm lockfile: the YAML document is not a mapping/,
  },
  'fixtures/edge/conflict.yaml': { line: 7, reason: /merge conflict marker/ },
  // js-yaml puts the end of input on the line after the last newline, as the other YAML readers do.
  'fixtures/edge/truncated.yaml': { line: 15, reason: /not valid YAML: unexpected end of the stream/ },
  'fixtures/edge/version-3.yaml': { line: 1, reason: /unsupported lockfileVersion 3/ },
  'fixtures/edge/version-10.yaml': { line: 1, reason: /unsupported lockfileVersion 10\.0/ },
  'fixtures/edge/packages-list.yaml': { line: 7, reason: /"packages" must be a mapping/ },
  'fixtures/edge/entry-scalar.yaml': {
    line: 10,
    reason: /packages entry \/is-number@7\.0\.0 must be a mapping/,
  },
  'fixtures/edge/version-number.yaml': { line: 11, reason: /name and version must be strings/ },
  'fixtures/edge/importer-deps-list.yaml': {
    line: 5,
    reason: /dependencies of importer \. must be a mapping/,
  },
  'fixtures/edge/three-documents.yaml': { line: 29, reason: /3 lockfile documents/ },
  'fixtures/edge/two-lockfiles.yaml': { line: 21, reason: /two lockfile documents/ },
};

describe('readPnpmLockfile', () => {
  it('finds every corpus file and every fixture', CORPUS_TEST, () => {
    expect(osvFiles).toHaveLength(34);
    expect(snykFiles).toHaveLength(54);
    expect(fixtureFiles.filter((f) => f.endsWith('pnpm-lock.yaml'))).toHaveLength(12);
    expect(fixtureFiles.filter((f) => f.includes('/edge/'))).toHaveLength(17);
  });

  itEachFile(
    [...osvFiles, ...snykFiles, ...fixtureFiles],
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
      expect(result.ecosystem).toBe('npm');
      for (const p of result.packages) expect(p.ecosystem).toBe('npm');
      expectGolden(file, result);
    },
  );

  itEachFile(
    [...osvFiles, ...snykFiles, ...fixtureFiles].filter((f) => BROKEN[nameOf(f)] === undefined),
    (file) => file,
    (file) => [file] as const,
    'puts every registry package of %s on the line of its key, in file order',
    (file) => {
      const lines = readFileSync(file, 'utf8').split('\n');
      const { packages } = read(file);
      expect(packages.map((p) => p.line)).toEqual([...packages.map((p) => p.line)].sort((a, b) => a - b));
      for (const p of packages) {
        if (p.source !== 'registry' || file.endsWith('flow-style.yaml')) continue;
        const key = lines[p.line - 1]!;
        // The key names the package (5.x `/@s/n/1.0.0`, 6.x `/@s/n@1.0.0`, 9.x `@s/n@1.0.0`) at indent 2.
        expect(key, `${p.name}@${p.version}`).toMatch(/^ {2}['"]?[^ ]/);
        expect(key.replaceAll("''", "'")).toContain(p.name.split('/').pop()!);
        expect(key).toContain(p.version);
      }
    },
  );

  describe('meaning', () => {
    it.each([
      ['5.4 (pnpm 7)', 'pnpm7-monorepo', 87],
      ['6.0 (pnpm 8)', 'pnpm8-monorepo', 96],
      ['9.0 (pnpm 9)', 'pnpm9-monorepo', 81],
      ['9.0 (pnpm 11)', 'pnpm11-monorepo', 81],
    ])(
      'strips peer suffixes in lockfile %s and collapses the peer variants of a version into one entry',
      (_version, name, line) => {
        const result = fixture(name);
        const variants = find(result, 'use-sync-external-store');
        expect(variants).toHaveLength(1);
        expect(variants[0]).toMatchObject({ version: '1.2.0', line, source: 'registry', direct: true });
        for (const p of result.packages) expect(p.version).not.toMatch(/[(_]/);
        expect(find(result, 'react').map((p) => p.version)).toEqual(['17.0.2', '18.2.0']);
      },
    );

    it.each([
      ['peer-dependencies.yaml', 'peer-dependencies-v6.yaml', 'peer-dependencies.v9.yaml'],
      [
        'peer-dependencies-advanced.yaml',
        'peer-dependencies-advanced-v6.yaml',
        'peer-dependencies-advanced.v9.yaml',
      ],
    ])(
      'reads the peer cases of 5.x, 6.x and 9.x to versions without suffixes: %s',
      CORPUS_TEST,
      (...files) => {
        for (const file of files) {
          const result = osv(file);
          for (const p of result.packages)
            expect(p.version, `${file} ${p.name}`).toMatch(/^\d+\.\d+\.\d+(-[\w.-]+)?$/);
          const ids = result.packages.map((p) => `${p.name}@${p.version}`);
          expect(new Set(ids).size).toBe(ids.length);
        }
      },
    );

    it.each([
      ['scoped-packages.yaml', '5.3'],
      ['scoped-packages-v6-lockfile.yaml', '6.0'],
      ['scoped-packages.v9.yaml', '9.0'],
    ])('reads scoped names in %s (lockfile %s)', CORPUS_TEST, (file, version) => {
      const result = osv(file);
      expect(result.format).toBe(`pnpm@${version}`);
      expect(result.packages.map(brief)).toEqual([
        expect.stringMatching(/^@typescript-eslint\/types@5\.\d+\.\d+ registry direct prod$/),
      ]);
    });

    it.each(['pnpm7-app', 'pnpm8-app', 'pnpm9-app', 'pnpm10-app', 'pnpm11-app'])(
      'reports npm aliases of %s under the real name, with the name they are installed under',
      (name) => {
        const result = fixture(name);
        expect(find(result, 'is-odd').map(brief)).toEqual(['my-is-odd -> is-odd@3.0.1 registry direct prod']);
        // A registry tarball URL is resolved by pnpm to the registry version it names.
        expect(find(result, 'ms').map(brief)).toEqual([
          'ms-tarball -> ms@2.0.0 registry direct prod',
          'ms@2.1.3 registry direct dev',
        ]);
        // is-odd's own is-number is 6.0.0, reached under its own name: no alias.
        expect(find(result, 'is-number').map(brief)).toEqual([
          'is-number@6.0.0 registry transitive prod',
          'is-number@7.0.0 registry direct prod',
        ]);
      },
    );

    it.each(['v5', 'v6', 'v9'])(
      'reports aliases on transitive dependencies too (snyk %s)',
      CORPUS_TEST,
      (v) => {
        const result = snyk(
          'aliases',
          'pnpm',
          `pnpm-lock-${v}`,
          'pnpm-lock-with-npm-alias-also-on-transitive',
        );
        const aliased = result.packages.filter((p) => p.alias !== undefined);
        expect(aliased.length).toBeGreaterThan(0);
        for (const p of aliased) expect(p.alias).not.toBe(p.name);
      },
    );

    it.each(['pnpm7-monorepo', 'pnpm8-monorepo', 'pnpm9-monorepo', 'pnpm10-monorepo', 'pnpm11-monorepo'])(
      'lists the workspace project %s depends on as a workspace package, never a registry one',
      (name) => {
        const result = fixture(name);
        expect(find(result, '@fixture/shared')).toEqual([
          expect.objectContaining({
            version: '',
            source: 'workspace',
            resolved: 'packages/shared',
            direct: true,
            dev: false,
          }),
        ]);
        // Projects nothing depends on are the user's own code, not dependencies.
        expect(find(result, '@fixture/web')).toEqual([]);
      },
    );

    it.each([
      ['pnpm7-app', '0.1.0'],
      ['pnpm8-app', ''],
      ['pnpm9-app', ''],
      ['pnpm11-app', ''],
    ])('keeps the link: and file: folders of %s as link and path packages', (name, localVersion) => {
      const result = fixture(name);
      expect(find(result, 'linked-lib').map((p) => [p.source, p.resolved, p.direct])).toEqual([
        ['link', 'linked-lib', true],
      ]);
      expect(find(result, 'local-lib').map((p) => [p.version, p.source, p.resolved])).toEqual([
        [localVersion, 'path', 'local-lib'],
      ]);
    });

    it.each([
      ['pnpm7-app', ''],
      ['pnpm9-app', '3.1.4'],
      ['pnpm11-app', '3.1.4'],
    ])('reads the git resolution of %s as a git package with its commit', (name, version) => {
      expect(find(fixture(name), 'git-lib')).toEqual([
        expect.objectContaining({
          version,
          source: 'git',
          resolved: 'file:///tmp/fixture-repos/git-lib#a81c5aed1e769c2cbd09b15d08bdd680fd6b34cc',
          direct: true,
        }),
      ]);
    });

    it('names a pnpm 7 git entry that has no name after the dependency that points to it, and says so', () => {
      const { warnings } = fixture('pnpm7-app');
      expect(warnings.map((w) => w.line)).toEqual([101]);
      expect(warnings[0]!.message).toMatch(
        /has no name; named git-lib after the dependency that points to it/,
      );
    });

    it.each([
      [
        'commits.yaml',
        '@my-scope/my-package',
        'git',
        'git+ssh://git@github.com/my-org/my-package.git#267087851ad5fac92a184749c27cd539e2fc862e',
      ],
      [
        'commits.yaml',
        'mocks',
        'git',
        'https://codeload.github.com/my-org/mocks/tar.gz/590f321b4eb3f692bb211bd74e22947639a6f79d',
      ],
      [
        'commits.v9.yaml',
        'is-number',
        'git',
        'https://codeload.github.com/jonschlinkert/is-number/tar.gz/98e8ff1da1a89f93d1397a24d7413ed15421c139',
      ],
      [
        'tarball.yaml',
        '@my-org/my-package',
        'url',
        'https://gitlab.my-org.org/api/v4/projects/1/packages/npm/@my-org/my-package/-/@my-org/my-package-3.2.3.tgz',
      ],
      ['files.yaml', 'my-file-package', 'path', 'projects/package-a.tgz'],
      ['files.yaml', 'a-local-package', 'path', '../local-package'],
      ['exotic.yaml', 'foo', 'registry', undefined],
    ] as const)('reads %s: %s comes from %s (%s)', CORPUS_TEST, (file, name, source, resolved) => {
      const [p] = find(osv(file), name);
      expect(p).toMatchObject({ source });
      expect(p!.resolved).toBe(resolved);
    });

    it.each(['v5', 'v6', 'v9'])('reads an external tarball as a url package (snyk %s)', CORPUS_TEST, (v) => {
      expect(find(snyk(`pnpm-lock-${v}`, 'external-tarball'), 'body-parser')).toEqual([
        expect.objectContaining({
          version: '1.9.0',
          source: 'url',
          resolved: 'https://github.com/expressjs/body-parser/archive/1.9.0.tar.gz',
          direct: true,
        }),
      ]);
    });

    it.each([
      'mixed-groups.v53.yaml',
      'mixed-groups.v54.yaml',
      'mixed-groups.v6.yaml',
      'mixed-groups.v9.yaml',
    ])(
      'tells dev and optional apart in %s, from flags (5.x, 6.x) or from the importer sections (9.x)',
      CORPUS_TEST,
      (file) => {
        expect(osv(file).packages.map(brief)).toEqual([
          expect.stringMatching(/^ansi-regex@5\.0\.\d registry direct prod$/),
          'is-number@7.0.0 registry direct dev',
          expect.stringMatching(/^uuid@8\.\d\.\d registry direct prod optional$/),
        ]);
      },
    );

    it('marks dependencies of several importers as direct, and dev only when no importer needs them at run time', () => {
      expect(fixture('pnpm9-monorepo').packages.map(brief)).toEqual([
        '@fixture/shared@ workspace direct prod',
        'is-number@6.0.0 registry direct dev',
        'is-number@7.0.0 registry direct prod',
        'js-tokens@4.0.0 registry transitive prod',
        'loose-envify@1.4.0 registry transitive prod',
        'ms@2.1.3 registry direct dev',
        'object-assign@4.1.1 registry transitive prod',
        'react@17.0.2 registry direct prod',
        'react@18.2.0 registry direct prod',
        'use-sync-external-store@1.2.0 registry direct prod',
      ]);
    });

    // The same project in the three lockfile spellings: 9.x's computed dev and optional must agree with
    // the flags pnpm itself wrote in 5.x and 6.x. Listed differences are real differences of the files.
    const SAME_PROJECT = [
      'alias-sub-dependency',
      'cyclic-dep',
      'different-versions',
      'duplicate-dev-peer-deps',
      'external-tarball',
      'git-protocol-peer-deps',
      'git-ssh-url-deps',
      'goof',
      'local-pkg-without-workspaces',
      'npm-protocol',
      'only-dev-deps',
      'peer-dependencies',
      'scoped-override',
      'workspace-cyclic',
      'workspace-with-cross-ref',
    ];
    const KNOWN_DIFFERENCES: Record<string, string[]> = {
      // The 5.x file also locks a git dependency the others do not have, with its 210 packages.
      'git-protocol-peer-deps v5': ['*'],
      // The 9.x file was made later: two patch releases moved.
      'goof v9': ['qs@6.12.0', 'qs@6.12.1', 'tough-cookie@4.1.3', 'tough-cookie@4.1.4'],
      // 5.x records the local package's version; 6.x and 9.x do not.
      'local-pkg-without-workspaces v5': ['@scope/my-local-pkg@1.0.0', '@scope/my-local-pkg@'],
    };
    it.each(SAME_PROJECT)('reads %s alike in lockfile 5.x, 6.x and 9.x', (project) => {
      const signature = (v: string) => {
        const file = join(SNYK_DIR, `pnpm-lock-${v}`, project, 'pnpm-lock.yaml');
        if (!existsSync(file)) return undefined;
        return read(file).packages.map(
          (p) =>
            `${p.alias ?? ''}>${p.name}@${p.version} ${p.source} ${String(p.direct)} ${String(p.dev)} ${String(p.optional)}`,
        );
      };
      const v6 = signature('v6')!;
      for (const v of ['v5', 'v9']) {
        const other = signature(v);
        if (other === undefined) continue;
        const known = KNOWN_DIFFERENCES[`${project} ${v}`] ?? [];
        if (known.includes('*')) continue;
        const differing = [...other.filter((s) => !v6.includes(s)), ...v6.filter((s) => !other.includes(s))];
        expect(
          differing.filter((s) => !known.some((k) => s.includes(`>${k} `))),
          `${project}: ${v} against v6`,
        ).toEqual([]);
      }
    });

    itEachFile(
      snykFiles.filter((f) => existsSync(join(dirname(f), 'expected.json'))),
      (file) => file,
      (file) => [relative(SNYK_DIR, file), file] as const,
      'finds every package of the dependency graph expected for %s',
      (_name, file) => {
        const expected = JSON.parse(readFileSync(join(dirname(file), 'expected.json'), 'utf8')) as {
          pkgs: { info: { name: string; version: string } }[];
        };
        const result = read(file);
        const ours = new Set(result.packages.map((p) => `${p.name}@${p.version}`));
        const workspaceNames = new Set(
          result.packages.filter((p) => p.source === 'workspace' || p.source === 'path').map((p) => p.name),
        );
        // The graph's first node is the project itself; workspace and local projects carry versions
        // from their package.json, which the lockfile does not have.
        const missing = expected.pkgs
          .slice(1)
          .map((p) => `${p.info.name}@${p.info.version}`)
          .filter((id) => !ours.has(id) && !workspaceNames.has(id.slice(0, id.lastIndexOf('@'))));
        expect(missing.filter((id) => !id.endsWith('@undefined'))).toEqual([]);
      },
    );

    it('reads the lockfile proper and the env document of pnpm 11, whose packages are tooling', () => {
      const result = fixture('pnpm11-env-document');
      expect(result.format).toBe('pnpm@9.0');
      expect(result.warnings).toEqual([]);
      const byName = (name: string) => find(result, name).map(brief);
      expect(byName('is-number')).toEqual(['is-number@7.0.0 registry direct prod']);
      expect(byName('pnpm')).toEqual(['pnpm@11.28.6 registry direct dev']);
      expect(byName('@pnpm/exe')).toEqual(['@pnpm/exe@11.28.6 registry direct dev']);
      expect(byName('is-odd')).toEqual(['is-odd@3.0.1 registry direct dev']);
      expect(byName('@pnpm/linux-x64')).toEqual(['@pnpm/linux-x64@11.28.6 registry transitive dev optional']);
      // The lockfile proper's own line, not a line of the env document.
      expect(find(result, 'is-number')[0]!.line).toBe(168);
    });

    it('reads the config dependencies pnpm 12 writes in its env document', () => {
      const result = fixture('pnpm12-config-dependencies');
      expect(result.packages.map((p) => `${p.line} ${brief(p)}`)).toEqual([
        '14 is-odd@3.0.1 registry direct dev',
        '38 is-number@7.0.0 registry direct prod',
      ]);
    });

    it('gives 9.x packages the line of their key in packages:, not in snapshots:', () => {
      const text = readFileSync(join(FIXTURE_DIR, 'pnpm9-monorepo', 'pnpm-lock.yaml'), 'utf8').split('\n');
      const snapshots = text.indexOf('snapshots:') + 1;
      for (const p of fixture('pnpm9-monorepo').packages.filter((q) => q.source === 'registry')) {
        expect(p.line).toBeLessThan(snapshots);
        expect(text[p.line - 1]).toBe(`  ${p.name}@${p.version}:`);
      }
    });

    it.each([
      ['comments-only.yaml', 'pnpm@empty', [], [/empty/]],
      [
        'config-document-first.yaml',
        'pnpm@9.0',
        ['17 is-number@7.0.0 registry direct prod'],
        [/without lockfileVersion/],
      ],
      ['env-document-only.yaml', 'pnpm@9.0', ['14 is-odd@3.0.1 registry direct dev'], []],
      ['crlf-bom.yaml', 'pnpm@9.0', ['13 is-number@7.0.0 registry direct dev'], []],
      ['flow-style.yaml', 'pnpm@9.0', ['1 is-number@7.0.0 registry direct prod'], []],
      [
        'quoted-keys.yaml',
        'pnpm@9.0',
        [
          "16 @scope/it's@1.0.0 registry direct prod",
          '19 double-quoted@2.0.0 registry direct prod',
          '22 plain@3.0.0 registry transitive prod',
        ],
        [],
      ],
      [
        'patched-and-peers.yaml',
        'pnpm@9.0',
        [
          '38 is-number@7.0.0 registry direct prod',
          '41 react@17.0.2 registry direct prod',
          // A root devDependency that a production dependency's peer also needs is production.
          '44 react@18.2.0 registry direct prod',
          '47 use-sync-external-store@1.2.0 registry direct prod',
        ],
        [],
      ],
    ])('reads the hand-written case %s', (file, format, packages, warnings) => {
      const result = read(join(FIXTURE_DIR, 'edge', file));
      expect(result.format).toBe(format);
      expect(result.packages.map((p) => `${p.line} ${brief(p)}`)).toEqual(packages);
      expect(result.warnings).toHaveLength(warnings.length);
      result.warnings.forEach((w, i) => expect(w.message).toMatch(warnings[i]!));
    });

    it(
      'warns about keys it cannot read and dependencies that point nowhere, and reads the rest',
      CORPUS_TEST,
      () => {
        const result = osv('exotic.yaml');
        expect(result.packages.map((p) => `${p.name}@${p.version}`)).toEqual([
          'foo@1.0.0',
          '@foo/bar@1.0.0',
          'foo@1.1.0',
          '@foo/bar@1.1.0',
          'foo@1.2.0',
          'foo@1.3.0',
          'foo@1.4.0',
        ]);
        // A registry other than the default one is named by its host.
        expect(find(result, 'foo', '1.2.0')[0]!.resolved).toBe('example.com');
        expect(result.warnings.map((w) => w.line).sort((a, b) => a! - b!)).toEqual([7, 14, 18]);
      },
    );
  });

  it('returns a result or one LockfileError for mutated and truncated fixtures, never another error', () => {
    const seeds = fixtureFiles
      .filter((f) => f.endsWith('pnpm-lock.yaml'))
      .map((f) => readFileSync(f, 'utf8'));
    fc.assert(
      fc.property(
        fc.constantFrom(...seeds),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.oneof(
          fc.constantFrom('', ':', '- ', '{', "'", '"', '(', '@', '/', '\n  ', '---\n', '~'),
          fc.string({ maxLength: 6 }),
        ),
        fc.boolean(),
        (seed, at, insert, truncate) => {
          const cut = Math.floor(at * seed.length);
          const text = truncate ? seed.slice(0, cut) : seed.slice(0, cut) + insert + seed.slice(cut);
          try {
            const result = readPnpmLockfile('pnpm-lock.yaml', text);
            for (const p of result.packages) {
              expect(typeof p.name).toBe('string');
              expect(p.line).toBeGreaterThanOrEqual(1);
            }
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

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LockfileError } from '../../src/lockfiles/errors.js';
import { readYarnLockfile } from '../../src/lockfiles/npm/read-yarn.js';
import type { LockfilePackage, LockfileResult } from '../../src/lockfiles/types.js';
import { CORPUS, corpusPath, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { expectNpmGolden } from './npm-golden.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';
import { compareWithSnykGraph } from '../helpers/snyk-graph.js';

const OSV = corpusPath('osv-scalibr', 'language', 'javascript', 'yarnlock', 'testdata');
const SNYK = corpusPath('snyk-nodejs-lockfile-parser', 'fixtures');
const FIXTURES = fixturePath('yarn');

// osv-scalibr names its files after the case (`with-aliases.v1.lock`); snyk keeps the real file names.
const osvFiles = filesUnder(OSV);
const snykFiles = filesUnder(SNYK).filter((file) => basename(file) === 'yarn.lock');
const corpusFiles = [...osvFiles, ...snykFiles];
const fixtureFiles = filesUnder(FIXTURES).filter((file) => basename(file) === 'yarn.lock');
const allFiles = [...corpusFiles, ...fixtureFiles];
const titleOf = (file: string) =>
  relative(CORPUS, file).startsWith('..')
    ? `fixtures/yarn/${relative(FIXTURES, file)}`
    : relative(CORPUS, file);

const readText = (file: string) => readFileSync(file, 'utf8');
const read = (file: string) => readYarnLockfile(file, readText(file));
const fixture = (...parts: string[]) => read(join(FIXTURES, ...parts, 'yarn.lock'));
const isClassic = (text: string) => !/^__metadata:/m.test(text);
const brief = (p: LockfilePackage) =>
  [
    p.line,
    `${p.alias === undefined ? '' : `${p.alias}->`}${p.name}@${p.version}`,
    p.source,
    ...(['direct', 'optional'] as const).filter((flag) => p[flag] === true),
  ].join(' ');

const parseWithYarn = (
  createRequire(import.meta.url)('@yarnpkg/lockfile') as {
    parse: (text: string) => { type: string; object: Record<string, { version: string; resolved?: string }> };
  }
).parse;

function failure(text: string, file = 'yarn.lock'): LockfileError {
  return lockfileErrorOf(() => readYarnLockfile(file, text), file);
}

/**
 * What must hold for every yarn.lock read: each package stands on its entry's unindented key line,
 * which names it (or the alias it is installed under), in file order; the flags each format carries.
 */
function expectInvariants(text: string, result: LockfileResult): void {
  const lines = text.split('\n');
  expect(result.ecosystem).toBe('npm');
  expect(result.format).toMatch(/^(yarn@1|yarn@empty|yarn-berry@\d+)$/);
  const berry = result.format.startsWith('yarn-berry');
  let previous = 0;
  for (const pkg of result.packages) {
    const key = (lines[pkg.line - 1] ?? '').replace(/\\"/g, '"');
    expect(key, `${pkg.name} at ${pkg.line}`).toMatch(/^[^\s#].*:\s*$/);
    for (const name of [pkg.name, pkg.alias].filter((n) => n !== undefined))
      expect(key.includes(`${name}@`) || key.startsWith(`${name}:`), `${name} at ${pkg.line}`).toBe(true);
    expect(pkg.line).toBeGreaterThan(previous);
    previous = pkg.line;
    expect(pkg.version).not.toBe('');
    expect(pkg.dev).toBeUndefined();
    expect(pkg.path).toBeUndefined();
    if (berry) {
      expect(typeof pkg.direct).toBe('boolean');
      if (pkg.source !== 'registry') expect(pkg.resolved).toBeDefined();
    } else {
      expect(pkg.direct).toBeUndefined();
      expect(pkg.optional).toBeUndefined();
    }
    if (pkg.alias !== undefined) expect(pkg.alias).not.toBe(pkg.name);
  }
}

describe('readYarnLockfile', () => {
  it('finds every yarn.lock of the corpus and its own fixtures', CORPUS_TEST, () => {
    expect(osvFiles).toHaveLength(26);
    expect(snykFiles).toHaveLength(63);
    expect(fixtureFiles.map((file) => relative(FIXTURES, file))).toEqual([
      'berry-v10/yarn.lock',
      'berry-v6/yarn.lock',
      'classic/yarn.lock',
      'hand-written/berry-edge/yarn.lock',
      'hand-written/classic-edge/yarn.lock',
    ]);
  });

  itEachFile(
    allFiles,
    (file) => file,
    (file) => [titleOf(file), file] as const,
    '%s reads with every package on its entry key line',
    (_title, file) => {
      const text = readText(file);
      expectInvariants(text, readYarnLockfile(file, text));
    },
  );

  itEachFile(
    allFiles,
    (file) => file,
    (file) => [titleOf(file), file] as const,
    '%s reads as its reviewed golden file',
    (_title, file) => {
      expectNpmGolden(file, read(file));
    },
  );

  it('reads a yarn 1 lockfile: one package per entry, aliases under the real name, local and git sources', () => {
    const result = fixture('classic');
    expect(result.format).toBe('yarn@1');
    expect(result.packages.map(brief)).toEqual([
      '5 @sindresorhus/is@4.6.0 registry',
      '10 debug4->debug@4.4.3 registry',
      '17 debug@2.6.9 registry',
      '24 has-flag@4.0.0 registry',
      '29 is-number@6.0.0 registry',
      '34 is-odd@3.0.1 registry',
      '41 isarray@2.0.5 url',
      '45 left-pad@1.3.0 registry',
      '50 linked-lib@0.0.0 link',
      '54 local-lib@0.3.0 path',
      '59 lp->left-pad@1.3.0 registry',
      '64 ms@2.0.0 registry',
      '69 ms@2.1.1 registry',
      '74 ms@2.1.3 registry',
      '79 supports-color@7.2.0 registry',
      '86 tarball-lib@1.0.0 path',
      '90 tiny-git-dep@0.1.0 git',
    ]);
    expect(result.packages.filter((p) => p.resolved !== undefined).map((p) => [p.name, p.resolved])).toEqual([
      [
        'isarray',
        'https://registry.npmjs.org/isarray/-/isarray-2.0.5.tgz#8af1e4c1221244cc62459faf38940d4e644a5723',
      ],
      ['tarball-lib', 'file:./vendor/tarball-lib-1.0.0.tgz#f32319d6381c0ae42ff696d64563e4041a2ae074'],
      ['tiny-git-dep', 'git+file:///tmp/gen/src/tiny-git-dep.git#dd632575547b3ef5fa528c4a579b3b6e80c02371'],
    ]);
  });

  it('reads hand-written yarn 1 edge cases: CRLF, several specifiers, quoted fields, a resolutions alias', () => {
    const result = fixture('hand-written', 'classic-edge');
    expect(result.packages.map(brief)).toEqual([
      '5 @scope/pkg@1.2.3 registry',
      '15 inner@1.5.0 registry',
      '19 ms->other-ms@0.3.0 registry',
      '23 quoted"name@1.0.0 registry',
      '27 unquoted@3.0.1 registry',
      '31 from-archive@0.0.7 git',
      '35 tarball@2.0.0 url',
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('reads a yarn 4 lockfile: workspaces, aliases, patches, links and portals, direct and optional', () => {
    const result = fixture('berry-v10');
    expect(result.format).toBe('yarn-berry@10');
    expect(result.packages.map(brief)).toEqual([
      '8 @fx/a@0.0.0-use.local workspace',
      '17 @fx/b@0.0.0-use.local workspace direct',
      '25 @sindresorhus/is@4.6.0 registry direct',
      '32 debug4->debug@4.4.3 registry direct',
      '44 debug@2.6.9 registry direct',
      '53 es-errors@1.3.0 registry',
      '60 function-bind@1.1.2 registry',
      '67 has-flag@4.0.0 registry',
      '74 hasown@2.0.4 registry',
      '83 is-core-module@2.18.0 registry',
      '92 is-number@6.0.0 registry direct',
      '99 is-number@7.0.0 registry',
      '106 is-odd@3.0.1 registry direct optional',
      '115 isarray@2.0.5 url direct',
      '122 lp->left-pad@1.3.0 registry direct',
      '129 left-pad@1.3.0 registry',
      '136 linked-lib@0.0.0-use.local link direct',
      '142 local-lib@0.3.0 path direct',
      '151 ms@2.0.0 registry',
      '158 ms@2.1.1 registry direct',
      '165 ms@2.1.3 registry direct',
      '172 path-parse@1.0.7 registry',
      '179 portal-lib@0.0.0-use.local link direct',
      '187 resolve@1.22.14 registry direct',
      '201 resolve@1.22.14 registry direct',
      '215 supports-color@7.2.0 registry direct',
      '224 supports-preserve-symlinks-flag@1.0.0 registry',
      '231 tarball-lib@1.0.0 path direct',
    ]);
    // A patched package is the version underneath, with the patch as its resolution.
    expect(result.packages.filter((p) => p.resolved?.includes('@patch:')).map((p) => p.resolved)).toEqual([
      'left-pad@patch:left-pad@npm%3A1.3.0#~/.yarn/patches/left-pad-npm-1.3.0-0382e69409.patch::version=1.3.0&hash=17a681',
      'resolve@patch:resolve@npm%3A1.22.14#optional!builtin<compat/resolve>::version=1.22.14&hash=9bd1a5',
    ]);
    // The `resolutions` override that applies the left-pad patch is in package.json, not in the
    // lockfile: what reaches the patched entry is not known, so neither is whether it is optional.
    expect(result.packages.filter((p) => p.optional === undefined).map((p) => p.name)).toEqual([
      '@fx/a',
      '@fx/b',
      'left-pad',
    ]);
  });

  it('reads a yarn 3 lockfile of the same project alike, where ranges leave out npm:', () => {
    const id = (p: LockfilePackage) =>
      `${p.alias ?? ''}>${p.name}@${p.version} ${p.source} ${p.direct} ${p.optional}`;
    const v6 = fixture('berry-v6');
    const v10 = fixture('berry-v10');
    expect(v6.format).toBe('yarn-berry@6');
    // Only the yarn 4 project patches left-pad.
    expect(v10.packages.map(id).filter((p) => !v6.packages.map(id).includes(p))).toEqual([
      '>left-pad@1.3.0 registry false undefined',
    ]);
    expect(v6.packages.map(id).filter((p) => !v10.packages.map(id).includes(p))).toEqual([]);
  });

  it('finds the same registry packages in the yarn 1 and yarn 4 lockfiles of one project', () => {
    const registry = (result: LockfileResult) =>
      new Set(result.packages.filter((p) => p.source === 'registry').map((p) => `${p.name}@${p.version}`));
    const berry = registry(fixture('berry-v10'));
    expect([...registry(fixture('classic'))].filter((id) => !berry.has(id))).toEqual([]);
  });

  it('reads hand-written berry edge cases: optional chains, exec, unknown protocols, strings that look like numbers', () => {
    const result = fixture('hand-written', 'berry-edge');
    expect(result.format).toBe('yarn-berry@4');
    expect(result.packages.map(brief)).toEqual([
      '23 chokidar@3.6.0 registry direct optional',
      '36 fsevents@2.3.3 registry optional',
      '45 fsevents@2.3.3 registry optional',
      '54 generated@0.0.0-use.local path direct',
      '60 lib@0.0.0-use.local workspace direct',
      '68 node-gyp@10.1.0 registry optional',
      '74 odd@1.0.0 url direct',
      '80 readdirp@3.6.0 registry direct',
      '86 version-like@1.10 registry direct',
    ]);
    expect(result.warnings).toEqual([
      { message: 'unknown protocol in resolution reference "custom:odd@1.0.0"; read as a url', line: 74 },
    ]);
  });

  it.each([
    [
      'with-aliases.v1.lock',
      ['ansi-regex-cjs->ansi-regex@5.0.1', 'babel-hvi->@babel/helper-validator-identifier@7.22.20'],
    ],
    [
      'with-aliases.v2.lock',
      ['ansi-regex-cjs->ansi-regex@5.0.1', 'babel-hvi->@babel/helper-validator-identifier@7.22.20'],
    ],
  ])('reports the aliases of %s under their real names', CORPUS_TEST, (name, aliases) => {
    const packages = read(join(OSV, name)).packages;
    expect(
      packages.filter((p) => p.alias !== undefined).map((p) => `${p.alias}->${p.name}@${p.version}`),
    ).toEqual(aliases);
  });

  it('leaves the root workspace out, even when it shares a name with a dependency', CORPUS_TEST, () => {
    expect(read(join(OSV, 'exclude-root.v2.lock')).packages.map(brief)).toEqual([
      '8 @ws/ansi-regex@0.0.0-use.local workspace direct',
      '16 ansi-regex@6.1.0 registry direct',
    ]);
  });

  it.each([
    ['', 'yarn@empty', [{ message: 'the file is empty: no entries' }]],
    ['# yarn lockfile v1\n', 'yarn@1', []],
    ['# THIS IS AN AUTOGENERATED FILE.\n\n', 'yarn@empty', []],
    ['__metadata:\n  version: 8\n  cacheKey: 10c0\n', 'yarn-berry@8', []],
  ])('reads %j as no packages', (text, format, warnings) => {
    expect(readYarnLockfile('yarn.lock', text)).toEqual({ ecosystem: 'npm', format, packages: [], warnings });
  });

  const classic = (body: string) => `# yarn lockfile v1\n\n${body}`;
  const berry = (body: string) => `__metadata:\n  version: 8\n\n${body}`;
  it.each([
    ['a yarn 1 entry without a version', classic('a@^1:\n  resolved "x"\n'), 3, /entry a@\^1 has no version/],
    ['an indented line before any entry', '  version "1.0.0"\n', 1, /outside any entry/],
    ['odd indentation', classic('a@^1:\n   version "1.0.0"\n'), 4, /odd indentation/],
    [
      'a line deeper than its block',
      classic('a@^1:\n  version "1.0.0"\n    b "^1"\n'),
      5,
      /unexpected indentation/,
    ],
    ['an entry key without a colon', classic('a@^1\n  version "1.0.0"\n'), 3, /expected an entry like/],
    ['an unterminated quoted key', classic('"a@^1:\n  version "1.0.0"\n'), 3, /unterminated quoted key/],
    ['an empty specifier', classic('a@^1, :\n  version "1.0.0"\n'), 3, /malformed entry key ""/],
    [
      'a quoted value left open',
      classic('a@^1:\n  version "1.0.0\n'),
      4,
      /malformed quoted value of "version"/,
    ],
    ['a bad escape', classic('a@^1:\n  version "1.0\\x"\n'), 4, /malformed escape/],
    ['a field without a value', classic('a@^1:\n  version\n'), 4, /"version" has no value/],
    ['a quoted field name with a colon', classic('a@^1:\n  "version": "1.0.0"\n'), 4, /is YAML/],
    ['a newer classic header', '# yarn lockfile v2\n', 1, /unsupported yarn lockfile v2/],
    ['YAML without __metadata', '"a@npm:^1":\n  version: 1.0.0\n', 2, /is YAML/],
    ['a YAML document marker', '---\n"a@npm:^1":\n  version: 1.0.0\n', 1, /YAML without the __metadata/],
    ['YAML that does not parse', berry('"a@npm:^1":\n  version: [1.0.0\n'), 6, /not valid YAML/],
    ['a metadata version that is not a number', '__metadata:\n  version: eight\n', 1, /__metadata.version/],
    [
      'a berry entry that is a list',
      berry('"a@npm:^1":\n  - 1.0.0\n'),
      4,
      /entry a@npm:\^1 is not a mapping/,
    ],
    ['a berry entry without a resolution', berry('"a@npm:^1":\n  version: 1.0.0\n'), 4, /has no resolution/],
    [
      'a berry entry without a version',
      berry('"a@npm:^1":\n  resolution: "a@npm:1.0.0"\n'),
      4,
      /has no version/,
    ],
    [
      'berry dependencies that are a list',
      berry('"a@npm:^1":\n  version: 1.0.0\n  resolution: "a@npm:1.0.0"\n  dependencies:\n    - b\n'),
      4,
      /"dependencies" must map names to ranges/,
    ],
    [
      'a resolution without a reference',
      berry('"a@npm:^1":\n  version: 1.0.0\n  resolution: "a"\n'),
      4,
      /malformed resolution "a"/,
    ],
    [
      'git conflict markers',
      classic('<<<<<<< ours\na@^1:\n  version "1.0.0"\n=======\n'),
      3,
      /merge conflict/,
    ],
  ])('refuses %s with one LockfileError at its line', (_case, text, line, reason) => {
    const error = failure(text);
    expect([error.line, error.reason]).toEqual([line, expect.stringMatching(reason)]);
    expect(error.message.startsWith('yarn.lock:')).toBe(true);
  });
});

describe('yarn 1 lockfiles against @yarnpkg/lockfile', () => {
  const classicFiles = allFiles.filter((file) => {
    const text = readText(file);
    return isClassic(text) && /^# yarn lockfile v1/m.test(text);
  });

  it('has every yarn 1 lockfile to compare', CORPUS_TEST, () => {
    expect(classicFiles.length).toBe(34);
  });

  itEachFile(
    classicFiles,
    (file) => file,
    (file) => [titleOf(file), file] as const,
    '%s: the same entries, in order, with the same versions and resolutions',
    (_title, file) => {
      const text = readText(file);
      const theirs = parseWithYarn(text);
      expect(theirs.type).toBe('success');
      // Their object repeats an entry under each of its specifiers; ours lists each entry once.
      const entries = [...new Set(Object.values(theirs.object))];
      const ours = readYarnLockfile(file, text).packages;
      expect(ours.map((p) => p.version)).toEqual(entries.map((e) => e.version));
      ours.forEach((p, i) => {
        if (p.resolved !== undefined) expect(p.resolved).toBe(entries[i]!.resolved);
      });
    },
  );
});

/** The yarn.lock an expected graph of snyk's describes: beside it, or that of the workspace root above. */
function lockfileFor(expected: string): string | undefined {
  for (let dir = dirname(expected); dir.startsWith(SNYK); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package-lock.json'))) return undefined;
    const file = join(dir, 'yarn.lock');
    if (existsSync(file)) return file;
  }
  return undefined;
}

describe('yarn lockfiles against the dependency graphs snyk expects of them', () => {
  const expectedFiles = filesUnder(SNYK).filter(
    (file) => /\/expected[\w-]*\.json$/.test(file) && lockfileFor(file) !== undefined,
  );
  // What snyk's graph holds that the lockfile does not, and why.
  const SNYK_ONLY: Record<string, string[]> = {
    // A file: dependency, which snyk names by its spec; the lockfile has its version.
    'yarn-lock-v1/real/out-of-sync-workspaces/file-as-version/expected.json': ['shared@file:./some-file'],
    // package.json dependencies that the out-of-date lockfile does not have.
    'yarn-lock-v1/real/out-of-sync-workspaces/top-level-out-of-sync/expected.json': [
      'body-parser@^1.18.2',
      'lodash@4.17.11',
    ],
    'yarn-lock-v1/real/simple-out-of-sync/missing-top-level-deps/expected.json': [
      'body-parser@^1.18.2',
      'lodash@4.17.11',
    ],
    // A package.json `resolutions` entry that the out-of-date lockfile does not apply.
    'yarn-lock-v2/real/out-of-sync-resolutions/expected.json': ['ms@1.0.0'],
    'yarn-lock-v3/real/out-of-sync-resolutions/expected.json': ['ms@1.0.0'],
    'yarn-lock-v4/real/out-of-sync-resolutions/expected.json': ['ms@1.0.0'],
    // A workspace without a version in its package.json: yarn writes it as 0.0.0-use.local.
    'yarn-lock-v2/real/resolutions-in-workspace/workspace1/expected-graph.json': [],
  };

  it('has expected graphs to compare', CORPUS_TEST, () => {
    expect(expectedFiles.length).toBeGreaterThan(30);
  });

  itEachFile(
    expectedFiles,
    (file) => file,
    (file) => [relative(SNYK, file), file] as const,
    '%s: every package of the graph is in our reading, and its root dependencies are direct',
    (title, file) => {
      const result = read(lockfileFor(file)!);
      const { missing, notDirect } = compareWithSnykGraph(readText(file), result);
      expect(missing).toEqual(SNYK_ONLY[title] ?? []);
      // yarn 1 lockfiles do not say which packages are direct.
      if (result.format !== 'yarn@1') expect(notDirect).toEqual([]);
    },
  );
});

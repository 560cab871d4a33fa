import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LockfileError } from '../../src/lockfiles/errors.js';
import { readNpmLockfile } from '../../src/lockfiles/npm/read-npm.js';
import type { LockfilePackage, LockfileResult } from '../../src/lockfiles/types.js';
import { CORPUS, corpusPath, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { expectNpmGolden } from './npm-golden.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';
import { compareWithSnykGraph } from '../helpers/snyk-graph.js';

const OSV = corpusPath('osv-scalibr', 'language', 'javascript', 'packagelockjson', 'testdata');
const SNYK = corpusPath('snyk-nodejs-lockfile-parser', 'fixtures');
const FIXTURES = fixturePath('npm');
const LOCKFILE_NAMES = new Set(['package-lock.json', 'npm-shrinkwrap.json']);

// osv-scalibr names its files after the case (`alias.v1.json`); snyk keeps the real file names.
const osvFiles = filesUnder(OSV);
const snykFiles = filesUnder(SNYK).filter((file) => LOCKFILE_NAMES.has(basename(file)));
const corpusFiles = [...osvFiles, ...snykFiles];
const fixtureFiles = filesUnder(FIXTURES).filter((file) => LOCKFILE_NAMES.has(basename(file)));
const titleOf = (file: string) =>
  relative(CORPUS, file).startsWith('..')
    ? `fixtures/npm/${relative(FIXTURES, file)}`
    : relative(CORPUS, file);

/** Corpus files that are not npm lockfiles (osv-scalibr tests its error paths with them). */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'osv-scalibr/language/javascript/packagelockjson/testdata/not-json.txt': {
    line: 1,
    reason: /not valid JSON/,
  },
  'osv-scalibr/language/javascript/packagelockjson/testdata/null.v2.jsontest': {
    line: 1,
    reason: /not an npm lockfile/,
  },
};
const goldenFiles = [...corpusFiles.filter((file) => BROKEN[titleOf(file)] === undefined), ...fixtureFiles];

const readText = (file: string) => readFileSync(file, 'utf8');
const read = (file: string) => readNpmLockfile(file, readText(file));
const fixture = (...parts: string[]) => read(join(FIXTURES, ...parts));
const brief = (p: LockfilePackage) =>
  [
    p.path,
    `${p.alias === undefined ? '' : `${p.alias}->`}${p.name}@${p.version}`,
    p.source,
    ...(['direct', 'dev', 'optional'] as const).filter((flag) => p[flag] === true),
  ].join(' ');
const withoutLine = ({ line: _line, ...rest }: LockfilePackage) => rest;

function failure(text: string, file = 'package-lock.json'): LockfileError {
  return lockfileErrorOf(() => readNpmLockfile(file, text), file);
}

/** The text of the first JSON string on a line: the key, on the line of an entry's key. */
function firstString(line: string): string | undefined {
  const match = /"(?:[^"\\]|\\.)*"/.exec(line);
  return match === null ? undefined : (JSON.parse(match[0]) as string);
}

/**
 * What must hold for every lockfile read: each package stands on the line of its own key (its install
 * path in `packages`, its name in a v1 tree), no install path twice, lines in file order, the flags
 * the format carries, and where non-registry packages come from.
 */
function expectInvariants(text: string, result: LockfileResult): void {
  const lines = text.split('\n');
  expect(result.ecosystem).toBe('npm');
  expect(result.format).toMatch(/^package-lock@[123]$/);
  const tree = result.format === 'package-lock@1' || result.warnings.some((w) => /legacy/.test(w.message));
  const paths = new Set<string>();
  let previous = 0;
  for (const pkg of result.packages) {
    expect(pkg.name).not.toBe('');
    expect(pkg.path).toBeDefined();
    expect(paths.has(pkg.path!), pkg.path).toBe(false);
    paths.add(pkg.path!);
    const key = firstString(lines[pkg.line - 1] ?? '');
    if (tree) expect(key, pkg.path).toBe(pkg.path!.slice(pkg.path!.lastIndexOf('node_modules/') + 13));
    else expect(key, pkg.path).toBe(pkg.path);
    expect(pkg.line).toBeGreaterThan(previous);
    previous = pkg.line;
    // A v1 tree read without its package.json: a nested entry is never direct, a root-level one that
    // nothing requires is, and one that something requires may be either.
    if (!tree) expect(pkg.direct).toBeDefined();
    else if (pkg.path!.includes('/node_modules/')) expect(pkg.direct, pkg.path).toBe(false);
    else expect(pkg.direct, pkg.path).not.toBe(false);
    expect(typeof pkg.dev).toBe('boolean');
    expect(typeof pkg.optional).toBe('boolean');
    if (pkg.source === 'registry' && pkg.version === '')
      expect(result.warnings.map((w) => w.line)).toContain(pkg.line);
    if (['git', 'path', 'link', 'workspace'].includes(pkg.source)) expect(pkg.resolved).toBeDefined();
    if (pkg.alias !== undefined) expect(pkg.alias).not.toBe(pkg.name);
  }
}

describe('readNpmLockfile', () => {
  it('finds every npm lockfile of the corpus and its own fixtures', CORPUS_TEST, () => {
    expect(osvFiles).toHaveLength(31);
    expect(snykFiles).toHaveLength(26);
    expect(fixtureFiles.map((file) => relative(FIXTURES, file))).toEqual([
      'classic-v1/package-lock.json',
      'classic-v2/package-lock.json',
      'classic-v3/package-lock.json',
      'hand-written/crlf-tabs/package-lock.json',
      'hand-written/legacy-beside-packages/package-lock.json',
      'hand-written/odd-keys/package-lock.json',
      'hand-written/v1-deep/package-lock.json',
      'hand-written/workspace-globs/package-lock.json',
      'root-workspace-v1/package-lock.json',
      'root-workspace-v2/package-lock.json',
      'root-workspace-v3/package-lock.json',
      'self-link-v3/package-lock.json',
      'shrinkwrap-v3/npm-shrinkwrap.json',
      'workspaces-v2/package-lock.json',
      'workspaces-v3/package-lock.json',
    ]);
  });

  itEachFile(
    [...corpusFiles, ...fixtureFiles],
    (file) => file,
    (file) => [titleOf(file), file] as const,
    '%s reads with every package on the line of its key, or fails at its line',
    (title, file) => {
      const text = readText(file);
      const broken = BROKEN[title];
      if (broken !== undefined) {
        const error = failure(text, file);
        expect([error.line, error.reason]).toEqual([broken.line, expect.stringMatching(broken.reason)]);
        return;
      }
      expectInvariants(text, readNpmLockfile(file, text));
    },
  );

  itEachFile(
    goldenFiles,
    (file) => file,
    (file) => [titleOf(file), file] as const,
    '%s reads as its reviewed golden file',
    (_title, file) => {
      expectNpmGolden(file, read(file));
    },
  );

  it('reads a link to the root folder ("resolved": "") as the project itself, as npm writes it', () => {
    // `"workspaces": ["./", "packages/*"]`: the root is one of its own workspace members.
    for (const version of ['v2', 'v3'])
      expect(fixture(`root-workspace-${version}`, 'package-lock.json').packages.map(brief)).toEqual([
        'node_modules/a a@0.1.0 workspace',
        'node_modules/func1 func1@1.0.0 workspace',
      ]);
    expect(fixture('root-workspace-v3', 'package-lock.json').packages[1]).toMatchObject({
      resolved: '',
      line: 19,
    });
    // `"dependencies": {"func1": "file:"}`: the root depends on itself, a link that is no workspace.
    expect(fixture('self-link-v3', 'package-lock.json').packages.map(brief)).toEqual([
      'node_modules/func1 func1@1.0.0 link direct',
    ]);
    // Its dependencies are the root's own, resolved from the root: itself, which is not an edge.
    expect(
      readNpmLockfile('package-lock.json', readText(join(FIXTURES, 'self-link-v3', 'package-lock.json')), {
        edges: true,
      }).dependencies,
    ).toEqual([[]]);
  });

  it('lists workspace members and links by the folder they point to, never as registry packages', () => {
    const packages = fixture('workspaces-v3', 'package-lock.json').packages;
    expect(packages.map(brief)).toEqual([
      'node_modules/@fx/a @fx/a@1.0.0 workspace',
      'node_modules/@fx/b @fx/b@2.0.0 workspace direct',
      'node_modules/debug debug@4.4.3 registry direct',
      'node_modules/is-number is-number@7.0.0 registry direct dev',
      'node_modules/is-odd is-odd@3.0.1 registry direct optional',
      'node_modules/is-odd/node_modules/is-number is-number@6.0.0 registry optional',
      'node_modules/linked linked->linked-tool@0.0.1 link direct',
      'node_modules/ms ms@2.1.3 registry',
      'node_modules/pad pad->left-pad@1.3.0 registry direct',
      'packages/a/node_modules/is-number is-number@6.0.0 registry direct',
      'packages/b/node_modules/ms ms@2.1.1 registry direct',
    ]);
    expect(
      packages.filter((p) => p.source !== 'registry').map((p) => [p.name, p.resolved, p.licenses?.[0]]),
    ).toEqual([
      ['@fx/a', 'packages/a', 'MIT'],
      ['@fx/b', 'packages/b', 'Apache-2.0'],
      ['linked-tool', 'tools/linked', undefined],
    ]);
  });

  it('reads version 2 from "packages" as version 3 does, and never from the legacy tree beside it', () => {
    for (const project of ['workspaces', 'classic']) {
      const v2 = fixture(`${project}-v2`, 'package-lock.json');
      const v3 = fixture(`${project}-v3`, 'package-lock.json');
      expect(v2.format).toBe('package-lock@2');
      expect(v2.packages.map(withoutLine)).toEqual(v3.packages.map(withoutLine));
    }
    const legacy = fixture('hand-written', 'legacy-beside-packages', 'package-lock.json');
    expect(legacy.packages.map(brief)).toEqual(['node_modules/ms ms@2.1.3 registry direct']);
    expect(legacy.warnings).toEqual([]);
  });

  it('walks a version 1 tree to every depth, with install paths', CORPUS_TEST, () => {
    // Without package.json, the root-level entries nothing requires are direct: `a` requires the `b`
    // nested under it, so the root-level `b` is there for the root.
    expect(fixture('hand-written', 'v1-deep', 'package-lock.json').packages.map(brief)).toEqual([
      'node_modules/a a@1.0.0 registry direct',
      'node_modules/a/node_modules/b b@2.0.0 registry',
      'node_modules/a/node_modules/b/node_modules/c c->@real/c@3.1.0 registry dev',
      'node_modules/a/node_modules/b/node_modules/c/node_modules/d d@4.0.0 registry optional',
      'node_modules/a/node_modules/dependencies dependencies@0.0.1 registry',
      'node_modules/b b@1.0.0 registry direct',
      'node_modules/from-github from-github@ git direct',
      'node_modules/shorthand shorthand@ git direct',
    ]);
    // osv-scalibr's v1 and v2 files of one project: the same install paths and versions (its "dup" v2
    // file keeps only the nested entries, each of which its v1 tree has).
    const ids = (name: string) => read(join(OSV, name)).packages.map((p) => `${p.path}@${p.version}`);
    expect(ids('nested-dependencies.v1.json').sort()).toEqual(ids('nested-dependencies.v2.json').sort());
    const dup = new Set(ids('nested-dependencies-dup.v1.json'));
    expect(ids('nested-dependencies-dup.v2.json').filter((id) => !dup.has(id))).toEqual([]);
    expect(dup.size).toBe(73);
  });

  it('reads the same project alike in versions 1 (with its package.json) and 3, except what version 1 does not record', () => {
    const id = (p: LockfilePackage) => `${brief(p)} ${p.resolved ?? ''}`.trim();
    const file = join(FIXTURES, 'classic-v1', 'package-lock.json');
    const manifest = readText(join(FIXTURES, 'classic-v1', 'package.json'));
    const v1 = new Set(readNpmLockfile(file, readText(file), { manifest }).packages.map(id));
    const v3 = new Set(fixture('classic-v3', 'package-lock.json').packages.map(id));
    // npm 6 left peers to the user and recorded neither devOptional nor the versions of linked folders
    // and git checkouts.
    expect([...v3].filter((p) => !v1.has(p))).toEqual([
      'node_modules/ajv ajv@6.15.0 registry',
      'node_modules/fast-deep-equal fast-deep-equal@3.1.3 registry',
      'node_modules/fast-json-stable-stringify fast-json-stable-stringify@2.1.0 registry',
      'node_modules/has-flag has-flag@4.0.0 registry direct optional',
      'node_modules/json-schema-traverse json-schema-traverse@0.4.1 registry',
      'node_modules/local-lib local-lib@0.3.0 link direct local-lib',
      'node_modules/punycode punycode@2.3.1 registry',
      'node_modules/tiny-git-dep tiny-git-dep@0.1.0 git direct git+file:///tmp/gen/src/tiny-git-dep.git#dd632575547b3ef5fa528c4a579b3b6e80c02371',
      'node_modules/uri-js uri-js@4.4.1 registry',
    ]);
    expect([...v1].filter((p) => !v3.has(p))).toEqual([
      'node_modules/has-flag has-flag@4.0.0 registry direct',
      'node_modules/local-lib local-lib@ link direct file:local-lib',
      'node_modules/tiny-git-dep tiny-git-dep@ git direct git+file:///tmp/gen/src/tiny-git-dep.git#dd632575547b3ef5fa528c4a579b3b6e80c02371',
    ]);
  });

  it.each([
    ['classic-v1', 'package-lock@1'],
    ['classic-v3', 'package-lock@3'],
  ])('reports aliases, tarballs, git and URL dependencies of %s by what they are', (project, format) => {
    const result = fixture(project, 'package-lock.json');
    expect(result.format).toBe(format);
    const byPath = new Map(result.packages.map((p) => [p.path, p]));
    expect(byPath.get('node_modules/lp')).toMatchObject({ name: 'left-pad', alias: 'lp', version: '1.3.0' });
    expect(byPath.get('node_modules/left-pad')).toMatchObject({ name: 'left-pad', version: '1.3.0' });
    expect(byPath.get('node_modules/isarray')).toMatchObject({
      source: 'url',
      version: '2.0.5',
      resolved: 'https://registry.npmjs.org/isarray/-/isarray-2.0.5.tgz',
    });
    expect(byPath.get('node_modules/tarball-lib')).toMatchObject({
      source: 'path',
      version: '1.0.0',
      resolved: 'file:vendor/tarball-lib-1.0.0.tgz',
    });
    expect(byPath.get('node_modules/tiny-git-dep')).toMatchObject({
      source: 'git',
      resolved: 'git+file:///tmp/gen/src/tiny-git-dep.git#dd632575547b3ef5fa528c4a579b3b6e80c02371',
    });
    expect(byPath.get('node_modules/debug/node_modules/ms')).toMatchObject({ name: 'ms', version: '2.0.0' });
  });

  it.each([
    ['chokidar', 'a dev dependency', { dev: true, optional: false, direct: true }],
    [
      'fsevents',
      'an optional dependency of a dev dependency (dev and optional)',
      { dev: true, optional: true },
    ],
    [
      'has-flag',
      'optional for production and needed by dev tooling (devOptional)',
      { dev: false, optional: true },
    ],
    ['ajv', 'installed for a peer dependency', { dev: false, optional: false, direct: false }],
    ['ms', 'a production dependency', { dev: false, optional: false, direct: true }],
  ])('flags %s, %s, as npm does', (name, _case, flags) => {
    const pkg = fixture('classic-v3', 'package-lock.json').packages.find(
      (p) => p.path === `node_modules/${name}`,
    );
    expect(pkg).toMatchObject(flags);
  });

  it('takes direct dependencies from the root and the workspace members, resolved from their folders', () => {
    const result = fixture('hand-written', 'workspace-globs', 'package-lock.json');
    // `!libs/legacy` leaves that folder out of the workspaces; `./apps/**` reaches apps/web/site.
    expect(result.packages.map(brief)).toEqual([
      'node_modules/legacy legacy@0.0.1 link',
      'node_modules/left-pad left-pad@1.3.0 registry',
      'node_modules/react react@18.2.0 registry direct',
      'node_modules/site site@0.1.0 workspace',
      'node_modules/typescript typescript@5.4.5 registry direct dev',
      'node_modules/ui ui@1.2.0 workspace direct',
    ]);
  });

  it('finds key lines however the JSON is laid out, and keeps file order', () => {
    const odd = fixture('hand-written', 'odd-keys', 'package-lock.json');
    // The folder "1" comes first among JavaScript's keys; a key is found through its JSON escape.
    expect(odd.packages.map((p) => `${p.line} ${brief(p)} ${p.licenses?.[0] ?? ''}`.trim())).toEqual([
      '11 node_modules/@scope/esc @scope/esc@1.0.0 registry direct',
      '12 node_modules/dup dup@1.0.0 registry direct',
      '13 node_modules/from-tarball from-tarball@0.4.0 url direct MIT',
      '14 node_modules/one one@1.0.0 workspace',
      '15 node_modules/helper helper@0.2.0 workspace',
      '17 tools/helper/node_modules/dup dup@2.0.0 registry direct (MIT OR Apache-2.0)',
    ]);
    const crlf = fixture('hand-written', 'crlf-tabs', 'package-lock.json');
    expect(crlf.packages.map((p) => `${p.line} ${brief(p)}`)).toEqual([
      '10 node_modules/debug debug@4.3.4 registry direct',
      '16 node_modules/ms ms@2.1.2 registry',
    ]);
  });

  it.each([
    ['minified', (data: unknown) => JSON.stringify(data)],
    ['tab-indented', (data: unknown) => JSON.stringify(data, null, '\t')],
    [
      'four-space-indented with CRLF',
      (data: unknown) => JSON.stringify(data, null, 4).replace(/\n/g, '\r\n'),
    ],
  ])('reads a %s copy of a lockfile as the original', (_layout, write) => {
    const file = join(FIXTURES, 'workspaces-v3', 'package-lock.json');
    const original = read(file);
    const text = write(JSON.parse(readText(file)));
    const copy = readNpmLockfile(file, text);
    expect(copy.packages.map(withoutLine)).toEqual(original.packages.map(withoutLine));
    if (text.includes('\n')) expectInvariants(text.replace(/\r/g, ''), copy);
    else expect(new Set(copy.packages.map((p) => p.line))).toEqual(new Set([1]));
  });

  it('reads a lockfile without packages, or with only its root, as no packages', CORPUS_TEST, () => {
    for (const name of ['empty.v1.json', 'empty.v2.json']) expect(read(join(OSV, name)).packages).toEqual([]);
    expect(readNpmLockfile('package-lock.json', '{"lockfileVersion": 3, "packages": {}}').packages).toEqual(
      [],
    );
    expect(readNpmLockfile('package-lock.json', '\ufeff{"lockfileVersion": 1}').packages).toEqual([]);
  });

  it('warns of a package without a version and of a link to a folder it does not list', () => {
    const result = readNpmLockfile(
      'package-lock.json',
      '{\n  "lockfileVersion": 3,\n  "packages": {\n    "node_modules/a": {},\n    "node_modules/b": {"resolved": "../b", "link": true}\n  }\n}\n',
    );
    expect(result.packages.map(brief)).toEqual(['node_modules/a a@ registry', 'node_modules/b b@ link']);
    expect(result.warnings).toEqual([
      { message: 'node_modules/a has no version', line: 4 },
      { message: 'node_modules/b links to ../b, which has no entry in "packages"', line: 5 },
    ]);
  });

  const v3 = (entries: string) => `{\n  "lockfileVersion": 3,\n  "packages": {\n${entries}\n  }\n}\n`;
  it.each([
    [
      'truncated JSON',
      '{\n  "lockfileVersion": 3,\n  "packages": {\n    "node_modules/a": {\n',
      5,
      /not valid JSON/,
    ],
    ['an array', '[]', 1, /not an npm lockfile/],
    ['no lockfileVersion', '{"name": "x"}', 1, /no lockfileVersion/],
    [
      'a lockfileVersion that is a string',
      '{\n  "name": "x",\n  "lockfileVersion": "3"\n}',
      3,
      /lockfileVersion "3"/,
    ],
    ['a future lockfileVersion', '{\n  "lockfileVersion": 4\n}', 2, /unsupported lockfileVersion 4/],
    ['version 3 without "packages"', '{"lockfileVersion": 3}', 1, /needs a "packages" object/],
    [
      '"packages" that is an array',
      '{\n  "lockfileVersion": 3,\n  "packages": []\n}',
      3,
      /"packages" must be/,
    ],
    [
      'an entry that is a string',
      v3('    "node_modules/a": "1.0.0"'),
      4,
      /\["node_modules\/a"\] must be an object/,
    ],
    [
      'a version that is a number',
      v3('    "node_modules/a": {"version": 1}'),
      4,
      /version must be a string, got 1/,
    ],
    [
      'a dev flag that is a string',
      v3('    "node_modules/a": {"dev": "true"}'),
      4,
      /dev must be true or false/,
    ],
    ['a link without its folder', v3('    "node_modules/a": {"link": true}'), 4, /link without a "resolved"/],
    ['a root that is a list', v3('    "": []'), 4, /root project\) must be an object/],
    [
      'workspaces that are one string',
      v3('    "": {"workspaces": "packages/*"}'),
      4,
      /list of folder patterns/,
    ],
    [
      'root dependencies that are a list',
      v3('    "": {"dependencies": ["a"]}'),
      4,
      /dependencies must be an object/,
    ],
    [
      'a version 1 tree that is a list',
      '{\n  "lockfileVersion": 1,\n  "dependencies": []\n}',
      3,
      /must be an object/,
    ],
    [
      'a version 1 entry without a version',
      '{\n  "lockfileVersion": 1,\n  "dependencies": {\n    "a": {"resolved": "x"}\n  }\n}',
      4,
      /node_modules\/a has no version/,
    ],
    [
      'a version 1 alias without a version',
      '{\n  "lockfileVersion": 1,\n  "dependencies": {\n    "a": {"version": "npm:b"}\n  }\n}',
      4,
      /malformed alias version "npm:b"/,
    ],
    [
      'nested version 1 dependencies that are a string',
      '{\n  "lockfileVersion": 1,\n  "dependencies": {\n    "a": {\n      "version": "1.0.0",\n      "dependencies": "b"\n    }\n  }\n}',
      4,
      /node_modules\/a: "dependencies" must be an object/,
    ],
    [
      'git conflict markers',
      '{\n  "lockfileVersion": 3,\n<<<<<<< HEAD\n  "packages": {}\n=======\n  "packages": {"": {}}\n>>>>>>> theirs\n}\n',
      3,
      /merge conflict/,
    ],
  ])('refuses %s with one LockfileError at its line', (_case, text, line, reason) => {
    const error = failure(text);
    expect([error.line, error.reason]).toEqual([line, expect.stringMatching(reason)]);
    expect(error.message.startsWith('package-lock.json:')).toBe(true);
  });
});

/** The lockfile an expected.json of snyk's describes: beside it, or that of the workspace root above. */
function lockfileFor(expected: string): string | undefined {
  for (let dir = dirname(expected); dir.startsWith(SNYK); dir = dirname(dir)) {
    const file = join(dir, 'package-lock.json');
    if (existsSync(file)) return file;
  }
  return undefined;
}

describe('npm lockfiles against the dependency graphs snyk expects of them', () => {
  const expectedFiles = filesUnder(SNYK).filter(
    (file) => /\/expected[\w-]*\.json$/.test(file) && lockfileFor(file) !== undefined,
  );
  // What snyk's graph holds that the lockfile does not, and why.
  const SNYK_ONLY: Record<string, string[]> = {
    // Optional dependencies for other platforms, which npm left out of the lockfile.
    'npm-lock-v2/missing-optional-dep-minimal/expected.json': [
      '@parcel/watcher-darwin-x64@2.5.1',
      '@parcel/watcher-darwin-arm64@2.5.1',
      '@parcel/watcher-linux-x64-glibc@2.5.1',
    ],
    // snyk leaves out the version of a hand-written alias entry's target; the lockfile has 1.0.0.
    'npm-lock-v2/transitive-resolves-to-alias/expected.json': ['@scoped/shared-dep@'],
  };

  it('has expected graphs to compare', CORPUS_TEST, () => {
    expect(expectedFiles.length).toBeGreaterThan(10);
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

describe("npm's own reading of the generated fixtures", () => {
  const projects = fixtureFiles.filter((file) => existsSync(join(dirname(file), 'package.json')));

  it('has every generated fixture to compare', () => {
    expect(projects.map((file) => relative(FIXTURES, dirname(file)))).toEqual([
      'classic-v1',
      'classic-v2',
      'classic-v3',
      'root-workspace-v1',
      'root-workspace-v2',
      'root-workspace-v3',
      'self-link-v3',
      'shrinkwrap-v3',
      'workspaces-v2',
      'workspaces-v3',
    ]);
  });

  // `npm ls --package-lock-only` reads the lockfile beside its manifests without touching the network.
  itEachFile(
    projects,
    (file) => file,
    (file) => [relative(FIXTURES, file), file] as const,
    '%s: the same installed packages and versions as npm ls',
    (_title, file) => {
      const dir = mkdtempSync(join(tmpdir(), 'depgate-npm-ls-'));
      try {
        cpSync(dirname(file), dir, { recursive: true });
        const run = spawnSync('npm', ['ls', '--all', '--json', '--package-lock-only'], {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false' },
        });
        type Node = { version?: string; missing?: boolean; dependencies?: Record<string, Node> };
        const theirs = new Set<string>();
        const walk = (deps: Record<string, Node> | undefined) => {
          for (const [name, node] of Object.entries(deps ?? {})) {
            if (node.version !== undefined && node.missing !== true) theirs.add(`${name}@${node.version}`);
            walk(node.dependencies);
          }
        };
        walk((JSON.parse(run.stdout) as Node).dependencies);
        const packages = read(file).packages;
        const ours = new Set(
          packages.filter((p) => p.version !== '').map((p) => `${p.alias ?? p.name}@${p.version}`),
        );
        // A v1 lockfile records no version for a linked folder: npm ls takes it from the folder's
        // package.json. Those names are read, without a version.
        const unversioned = new Set(packages.filter((p) => p.version === '').map((p) => p.alias ?? p.name));
        expect([...ours].filter((id) => !theirs.has(id))).toEqual([]);
        expect(
          [...theirs].filter((id) => !ours.has(id) && !unversioned.has(id.slice(0, id.lastIndexOf('@')))),
        ).toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

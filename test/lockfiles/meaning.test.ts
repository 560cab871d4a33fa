import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LockfileError } from '../../src/lockfiles/errors.js';
import { readLockfile } from '../../src/lockfiles/read-lockfile.js';
import type { LockfilePackage } from '../../src/lockfiles/types.js';
import { corpusPath, CORPUS_TEST } from '../helpers/paths.js';
import { lockfileErrorOf } from '../helpers/reader-tests.js';

const OSV = (...p: string[]) => corpusPath('osv-scalibr', 'language', ...p);
const read = (file: string, as: string) => readLockfile(as, readFileSync(file, 'utf8'));
const brief = (p: LockfilePackage) =>
  `${p.alias === undefined ? '' : `${p.alias}->`}${p.name}@${p.version}:${p.source}${p.direct === true ? ':direct' : ''}${p.dev === true ? ':dev' : ''}`;

function failure(as: string, text: string): LockfileError {
  return lockfileErrorOf(() => readLockfile(as, text), as);
}

describe('what lockfiles mean', () => {
  it('reports npm aliases under the real name, in v1 and v2', CORPUS_TEST, () => {
    for (const file of ['alias.v1.json', 'alias.v2.json']) {
      const { packages } = read(OSV('javascript', 'packagelockjson', 'testdata', file), 'package-lock.json');
      expect(packages.find((p) => p.alias === 'babel-code-frame')).toMatchObject({
        name: '@babel/code-frame',
        version: '7.0.0',
      });
      expect(packages.find((p) => p.alias === 'string-width-cjs')).toMatchObject({
        name: 'string-width',
        version: '4.2.0',
      });
    }
  });

  it('walks nested npm v1 trees to every depth, with install paths', CORPUS_TEST, () => {
    const { packages } = read(
      OSV('javascript', 'packagelockjson', 'testdata', 'nested-dependencies.v1.json'),
      'package-lock.json',
    );
    const v2 = read(
      OSV('javascript', 'packagelockjson', 'testdata', 'nested-dependencies.v2.json'),
      'package-lock.json',
    ).packages;
    expect(packages.map((p) => `${p.path}@${p.version}`).sort()).toEqual(
      v2.map((p) => `${p.path}@${p.version}`).sort(),
    );
    expect(packages.some((p) => p.path!.split('node_modules').length > 2)).toBe(true);
  });

  it('never takes npm workspace links for registry packages', () => {
    const text = JSON.stringify(
      {
        name: 'root',
        lockfileVersion: 3,
        packages: {
          '': { name: 'root', workspaces: ['packages/*'], dependencies: { lodash: '^4' } },
          'node_modules/@acme/ui': { resolved: 'packages/ui', link: true },
          'node_modules/lodash': {
            version: '4.17.21',
            resolved: 'https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz',
            license: 'MIT',
          },
          'packages/ui': { name: '@acme/ui', version: '0.1.0', dependencies: { react: '^18' } },
          'packages/ui/node_modules/react': {
            version: '18.2.0',
            resolved: 'https://registry.npmjs.org/react/-/react-18.2.0.tgz',
            dev: true,
          },
        },
      },
      null,
      2,
    );
    const { packages } = readLockfile('package-lock.json', text);
    expect(packages.map(brief)).toEqual([
      '@acme/ui@0.1.0:workspace',
      'lodash@4.17.21:registry:direct',
      'react@18.2.0:registry:direct:dev',
    ]);
    expect(packages[1]).toMatchObject({ line: 18, licenses: ['MIT'] });
  });

  it('strips pnpm peer suffixes in v5, v6 and v9 and collapses peer variants', CORPUS_TEST, () => {
    for (const file of [
      'peer-dependencies.yaml',
      'peer-dependencies-v6.yaml',
      'peer-dependencies.v9.yaml',
      'peer-dependencies-advanced.v9.yaml',
    ]) {
      const { packages } = read(OSV('javascript', 'pnpmlock', 'testdata', file), 'pnpm-lock.yaml');
      for (const p of packages) expect(p.version, `${file}: ${p.name}`).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
      const ids = packages.map((p) => `${p.name}@${p.version}`);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('reads a pnpm file with two YAML documents', () => {
    const text =
      "---\nmanagePackageManagerVersions: true\npackageManager: pnpm@11.0.0\n---\nlockfileVersion: '9.0'\n\nimporters:\n  .:\n    dependencies:\n      foo:\n        specifier: npm:bar@^1\n        version: bar@1.0.0\n\npackages:\n\n  bar@1.0.0:\n    resolution: {integrity: sha512-abc}\n\nsnapshots:\n\n  bar@1.0.0: {}\n";
    const result = readLockfile('pnpm-lock.yaml', text);
    expect(result.format).toBe('pnpm@9.0');
    expect(result.packages).toEqual([
      {
        ecosystem: 'npm',
        alias: 'foo',
        name: 'bar',
        version: '1.0.0',
        line: 16,
        source: 'registry',
        direct: true,
        dev: false,
        optional: false,
      },
    ]);
  });

  it('reads yarn aliases, workspaces and patches by what they resolve to', CORPUS_TEST, () => {
    const berry = read(
      OSV('javascript', 'yarnlock', 'testdata', 'with-aliases.v2.lock'),
      'yarn.lock',
    ).packages;
    expect(berry.filter((p) => p.alias !== undefined).map(brief)).toEqual([
      // Both are named in the root workspace's dependencies.
      'ansi-regex-cjs->ansi-regex@5.0.1:registry:direct',
      'babel-hvi->@babel/helper-validator-identifier@7.22.20:registry:direct',
    ]);
    const text = `# yarn\n__metadata:\n  version: 8\n\n"my-app@workspace:.":\n  version: 0.0.0-use.local\n  resolution: "my-app@workspace:."\n\n"lib@workspace:packages/lib":\n  version: 1.0.0\n  resolution: "lib@workspace:packages/lib"\n\n"left-pad@patch:left-pad@npm%3A1.3.0#./p.patch::locator=my-app%40workspace%3A.":\n  version: 1.3.0\n  resolution: "left-pad@patch:left-pad@npm%3A1.3.0#./p.patch::version=1.3.0&hash=abc"\n`;
    expect(readLockfile('yarn.lock', text).packages.map(brief)).toEqual([
      'lib@1.0.0:workspace',
      'left-pad@1.3.0:registry',
    ]);
  });

  it('drops Ruby platform tails and keeps one entry per version', () => {
    const text =
      'GEM\n  remote: https://rubygems.org/\n  specs:\n    nokogiri (1.13.10-x86_64-linux)\n      racc (~> 1.4)\n    nokogiri (1.13.10-arm64-darwin)\n    racc (1.6.2)\n\nPLATFORMS\n  x86_64-linux\n\nDEPENDENCIES\n  nokogiri\n';
    expect(readLockfile('Gemfile.lock', text).packages.map((p) => `${brief(p)}@${p.line}`)).toEqual([
      'nokogiri@1.13.10:registry:direct@4',
      'racc@1.6.2:registry@7',
    ]);
  });

  it('marks go.mod indirect requirements and applies replacements', () => {
    const text =
      'module example.com/app\n\ngo 1.22\n\nrequire (\n\tgithub.com/a/b v1.2.3\n\tgithub.com/c/d v0.1.0 // indirect\n\texample.com/local v0.0.0\n)\n\nreplace example.com/local => ./local\nreplace github.com/a/b => github.com/fork/b v1.2.4\nexclude github.com/c/d v0.0.9\n';
    const result = readLockfile('go.mod', text);
    expect(result.packages.map(brief)).toEqual([
      'github.com/a/b->github.com/fork/b@v1.2.4:registry:direct',
      'github.com/c/d@v0.1.0:registry',
      'example.com/local@:path:direct',
    ]);
    expect(result.warnings).toEqual([
      { message: 'exclude github.com/c/d v0.0.9: that version is never used', line: 13 },
    ]);
  });

  it('reports requirements includes, pins, unpinned and VCS lines', () => {
    const text =
      '-r base.txt\n--index-url https://pypi.example/simple\nDjango==4.2.11 \\\n    --hash=sha256:abc\nrequests[socks]>=2.0 ; python_version < "3.12"\n-e git+https://github.com/a/b.git#egg=b\nflask\n';
    const result = readLockfile('requirements-dev.txt', text);
    expect(result.includes).toEqual([{ path: 'base.txt', line: 1, kind: 'requirements' }]);
    expect(result.packages.map((p) => [p.name, p.version, p.line, p.source, p.unpinned === true])).toEqual([
      ['Django', '4.2.11', 3, 'registry', false],
      ['requests', '', 5, 'registry', true],
      ['b', '', 6, 'git', true],
      ['flask', '', 7, 'registry', true],
    ]);
  });

  it(
    'finds Cargo direct dependencies from the local crates, which are the workspace (never transitive)',
    CORPUS_TEST,
    () => {
      const result = read(OSV('rust', 'cargolock', 'testdata', 'two-packages-with-local.lock'), 'Cargo.lock');
      expect(result.packages.map(brief)).toEqual([
        'addr2line@0.15.2:registry',
        'local-rust-pkg@0.1.0:workspace',
      ]);
    },
  );

  it.each([
    [
      'package-lock.json',
      '{\n  "lockfileVersion": 3,\n<<<<<<< HEAD\n  "packages": {}\n=======\n  "packages": {"": {}}\n>>>>>>> theirs\n}\n',
      3,
    ],
    [
      'yarn.lock',
      '# yarn lockfile v1\n\n<<<<<<< ours\na@^1:\n  version "1.0.0"\n=======\na@^1:\n  version "1.1.0"\n>>>>>>> theirs\n',
      3,
    ],
    ['Cargo.lock', 'version = 3\n\n[[package]]\n<<<<<<< HEAD\nname = "a"\n', 4],
  ])('refuses a %s with git conflict markers, at the marker line', (name, text, line) => {
    const error = failure(name, text);
    expect([error.line, error.reason]).toEqual([line, expect.stringMatching(/merge conflict/)]);
  });

  it.each([
    [
      'package-lock.json',
      '{"lockfileVersion": 3, "packages": {"node_modules/a": {"version": "1.0.0"}',
      1,
      /JSON/,
    ],
    ['package-lock.json', '{"name": "x"}', 1, /no lockfileVersion/],
    ['package-lock.json', '{"lockfileVersion": 7, "packages": {}}', 1, /unsupported lockfileVersion 7/],
    ['pnpm-lock.yaml', "lockfileVersion: '9.0'\npackages:\n  a@1.0.0: [\n", 4, /YAML/],
    ['Cargo.lock', '[[package]]\nname = "a"\n', 1, /no version/],
    ['go.mod', 'module x\nrequire (\n  a v1\n', 2, /unterminated require/],
    ['yarn.lock', '# yarn lockfile v1\n\na@^1:\n  resolved "x"\n', 3, /has no version/],
    ['Gemfile.lock', 'GEM\n  specs:\n    rails 6.1\n', 3, /malformed spec line/],
    ['requirements.txt', '%%%\n@@@\n', 1, /no requirement could be read/],
    ['bun.lockb', 'binary', undefined, /binary lockfile/],
  ])('gives %s garbage one typed error with its line', (name, text, line, reason) => {
    const error = failure(name, text);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(reason);
    expect(error.message.startsWith(name)).toBe(true);
  });
});

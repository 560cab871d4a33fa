// The shapes a lockfile takes on its way from the tool to the pull request, tried on one real file per
// format: line endings turned to CRLF (git's core.autocrlf, Windows editors), a UTF-8 byte-order mark
// (Windows tools), and UTF-16 with a byte-order mark (PowerShell 5.1's `>` redirection). Each is read as
// `depgate parse` reads a file: bytes, decoded by `decodeLockfileBytes`, then `readLockfile`. Some of the
// files are the corpus's (test/helpers/edge-shapes.ts).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeLockfileBytes } from '../../src/lockfiles/decode.js';
import { detectLockfileKind, type LockfileKind } from '../../src/lockfiles/detect-lockfile.js';
import { readLockfile } from '../../src/lockfiles/read-lockfile.js';
import type { LockfileResult } from '../../src/lockfiles/types.js';
import { BASES, utf16be, utf16le } from '../helpers/edge-shapes.js';
import { corpusPath, CORPUS_TEST, fixturePath, inCorpus } from '../helpers/paths.js';
import { itEachFile, lockfileErrorOf } from '../helpers/reader-tests.js';

/** The formats whose tool decodes UTF-16 by its byte-order mark (see decode.ts for the evidence). */
const UTF16_READ: ReadonlySet<LockfileKind> = new Set([
  'requirements',
  'swift',
  'pom',
  'gradle-verification',
  'paket',
]);

const read = (name: string, bytes: Uint8Array): LockfileResult =>
  readLockfile(name, decodeLockfileBytes(name, bytes), { edges: true });
const utf8 = (text: string) => Buffer.from(text, 'utf8');
// An XML declaration that names UTF-8 no longer holds once the file is UTF-16: tools that write UTF-16
// XML declare it (and Maven refuses the file otherwise, tried below).
const declaringUtf16 = (text: string) =>
  text.replace(/^(<\?xml[^>]*encoding=["'])UTF-8(["'])/i, '$1UTF-16$2');

type Base = (typeof BASES)[number];
interface Loaded {
  name: string;
  text: string;
  expected: LockfileResult;
}
const load = ({ name, file }: Base): Loaded => {
  const text = readFileSync(file, 'utf8');
  return { name, text, expected: read(name, utf8(text)) };
};

/** The shapes a base goes through, each a check of how it reads against how the file itself reads. */
function shapesOf(base: Base): { title: string; check: (loaded: Loaded) => void }[] {
  const kind = detectLockfileKind(base.name)!;
  return [
    {
      title: 'has packages to compare',
      check: ({ expected }) => expect(expected.packages.length).toBeGreaterThan(0),
    },
    {
      title: 'reads the same with CRLF line endings',
      check: ({ name, text, expected }) =>
        expect(read(name, utf8(text.replace(/\r?\n/g, '\r\n')))).toEqual(expected),
    },
    {
      title: 'reads the same after a UTF-8 byte-order mark',
      check: ({ name, text, expected }) => expect(read(name, utf8(`\ufeff${text}`))).toEqual(expected),
    },
    {
      title: 'reads the same with CRLF and a byte-order mark together',
      check: ({ name, text, expected }) =>
        expect(read(name, utf8(`\ufeff${text.replace(/\r?\n/g, '\r\n')}`))).toEqual(expected),
    },
    UTF16_READ.has(kind)
      ? {
          title: 'reads the same in UTF-16LE and UTF-16BE with their byte-order mark, as its tool does',
          check: ({ name, text, expected }) => {
            const source = declaringUtf16(text);
            expect(read(name, utf16le(source))).toEqual(expected);
            expect(read(name, utf16be(source))).toEqual(expected);
            expect(read(name, utf16le(source.replace(/\r?\n/g, '\r\n')))).toEqual(expected);
          },
        }
      : {
          title: 'refuses UTF-16 with a byte-order mark, which its tool does not read, saying so',
          check: ({ name, text }) => {
            for (const [bytes, encoding] of [
              [utf16le(text), 'UTF-16LE'],
              [utf16be(text), 'UTF-16BE'],
            ] as const) {
              const error = lockfileErrorOf(() => read(name, bytes));
              expect([error.line, error.reason]).toEqual([
                1,
                `UTF-16 text (a ${encoding} byte-order mark): ${name.split('/').pop()} is read as UTF-8 by the tool that reads it; save it as UTF-8`,
              ]);
            }
          },
        },
    {
      title: 'refuses UTF-16 without a byte-order mark as binary (its NUL bytes), as before',
      check: ({ name, text }) => {
        const error = lockfileErrorOf(() => read(name, Buffer.from(text, 'utf16le')));
        expect(error.reason).toMatch(/^binary file \(a NUL byte at line 1\)/);
      },
    },
  ];
}

describe('every format, as its tool wrote it, through the shapes a file takes on the way to a PR', () => {
  it('covers every format depgate reads', () => {
    expect(new Set(BASES.map((b) => detectLockfileKind(b.name))).size).toBe(26);
  });

  // The fixture bases: a test per shape each. The corpus bases: a test per shape over all of them, which
  // names each base that failed (tagged `corpus`: without the corpus they skip, the fixtures still run).
  const fixtureBases = BASES.filter((b) => !inCorpus(b.file));
  const corpusBases = BASES.filter((b) => inCorpus(b.file));
  const titleOf = (b: Base) => `${b.name} (${b.file.split('/').slice(-3).join('/')})`;

  describe.each(fixtureBases.map((b) => [titleOf(b), b] as const))('%s', (_title, base) => {
    // Read when the tests run, not when they are collected.
    let loaded: Loaded;
    beforeAll(() => {
      loaded = load(base);
    });
    for (const shape of shapesOf(base)) it(shape.title, () => shape.check(loaded));
  });

  if (corpusBases.length > 0) {
    const titles = [...new Set(corpusBases.flatMap((b) => shapesOf(b).map((s) => s.title)))];
    it.each(titles)('each corpus file: %s', CORPUS_TEST, (title) => {
      const failures: string[] = [];
      let checked = 0;
      for (const base of corpusBases) {
        const shape = shapesOf(base).find((s) => s.title === title);
        if (shape === undefined) continue;
        checked++;
        try {
          shape.check(load(base));
        } catch (error) {
          failures.push(`${titleOf(base)}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      expect(checked).toBeGreaterThan(0);
      expect(failures).toEqual([]);
    });
  }
});

describe('UTF-16 decoding', () => {
  const pipFreeze = 'certifi==2024.8.30\r\nrequests==2.32.3\r\nurllib3==2.2.3\r\n';

  it("reads PowerShell 5.1's `pip freeze > requirements.txt` (UTF-16LE, BOM, CRLF) as pip does", () => {
    const result = read('requirements.txt', utf16le(pipFreeze));
    expect(result.packages.map((p) => `${p.line} ${p.name}==${p.version}`)).toEqual([
      '1 certifi==2024.8.30',
      '2 requests==2.32.3',
      '3 urllib3==2.2.3',
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('decodes characters outside the BMP (surrogate pairs) and says where a lone surrogate stands', () => {
    const withPair = 'requests==2.32.3  # \u{1F600}\nurllib3==2.2.3\n';
    expect(read('requirements.txt', utf16le(withPair)).packages.map((p) => p.name)).toEqual([
      'requests',
      'urllib3',
    ]);
    const lone = Buffer.concat([
      utf16le('a==1\nb==2\n'),
      Buffer.from([0x00, 0xd8]),
      Buffer.from('\n\0', 'latin1'),
    ]);
    const error = lockfileErrorOf(() => read('requirements.txt', lone));
    expect([error.line, error.reason]).toEqual([
      3,
      'binary file (bytes that are not UTF-16LE text at line 3): not a text lockfile',
    ]);
  });

  it('refuses UTF-16 cut inside a character, and a NUL character once decoded, with their lines', () => {
    const cut = Buffer.concat([utf16le('a==1\nb==2\n'), Buffer.from([0x63])]);
    expect(lockfileErrorOf(() => read('requirements.txt', cut)).reason).toBe(
      'binary file (UTF-16LE text cut inside a character at line 3): not a text lockfile',
    );
    const nul = lockfileErrorOf(() => read('requirements.txt', utf16le('a==1\nb==2\0\n')));
    expect([nul.line, nul.reason]).toEqual([2, 'binary file (a NUL byte at line 2): not a text lockfile']);
  });

  it('reads a UTF-32LE mark as pip does (UTF-16LE, then a NUL): refused as binary', () => {
    const utf32 = Buffer.from([0xff, 0xfe, 0x00, 0x00, 0x61, 0x00, 0x00, 0x00]);
    expect(lockfileErrorOf(() => read('requirements.txt', utf32)).reason).toBe(
      'binary file (a NUL byte at line 1): not a text lockfile',
    );
  });

  it('refuses UTF-16 XML whose declaration names another encoding, as Maven does', () => {
    const pom =
      '<?xml version="1.0" encoding="UTF-8"?>\n<project><modelVersion>4.0.0</modelVersion></project>\n';
    const error = lockfileErrorOf(() => read('pom.xml', utf16le(pom)));
    expect([error.line, error.reason]).toEqual([
      1,
      'UTF-16 text (a UTF-16LE byte-order mark) whose XML declaration names encoding "UTF-8": Maven reads the declared encoding and fails; save it as UTF-8, or declare UTF-16',
    ]);
    // A declared name that is not an encoding's is not quoted back.
    const odd = lockfileErrorOf(() => read('pom.xml', utf16le(pom.replace('UTF-8', '`rm -rf`'))));
    expect(odd.reason).toContain('names encoding another one:');
    expect(odd.reason).not.toContain('rm -rf');
    // Without a declaration, the mark decides (Maven reads it).
    const bare =
      '<project>\n  <dependencies>\n    <dependency>\n      <groupId>com.google.guava</groupId>\n      <artifactId>guava</artifactId>\n      <version>33.3.1-jre</version>\n    </dependency>\n  </dependencies>\n</project>\n';
    expect(read('pom.xml', utf16be(bare)).packages.map((p) => `${p.line} ${p.name}@${p.version}`)).toEqual([
      '3 com.google.guava:guava@33.3.1-jre',
    ]);
  });

  it('decodes by the name the file is read as (--as), not by what its content looks like', () => {
    expect(read('requirements/base.txt', utf16le(pipFreeze)).packages).toHaveLength(3);
    expect(() => read('Cargo.lock', utf16le(pipFreeze))).toThrow(/UTF-16 text/);
  });
});

const OSV = (...parts: string[]) => corpusPath('osv-scalibr', 'language', ...parts);

/**
 * What each tool writes for a project with no dependencies, and the oldest and newest formats the tools
 * still write, with what each reads as: `format packages [warnings]`. Written by the tools here where
 * they are installed (npm 11.19.1, Cargo 1.95.0 with `rust-version` choosing the lockfile version:
 * test/fixtures/lockfiles/GENERATED.md), else taken from the corpus (scanners' fixtures) or written as the
 * tool's writer does (Bundler, CocoaPods).
 */
const NO_DEPENDENCIES: readonly [string, string, string][] = [
  [
    'package-lock.json',
    fixturePath('edge-shapes', 'npm-empty-project-v1', 'package-lock.json'),
    'package-lock@1 0',
  ],
  [
    'package-lock.json',
    fixturePath('edge-shapes', 'npm-empty-project-v2', 'package-lock.json'),
    'package-lock@2 0',
  ],
  [
    'package-lock.json',
    fixturePath('edge-shapes', 'npm-empty-project-v3', 'package-lock.json'),
    'package-lock@3 0',
  ],
  ['yarn.lock', OSV('javascript', 'yarnlock', 'testdata', 'empty.v1.lock'), 'yarn@1 0'],
  ['yarn.lock', OSV('javascript', 'yarnlock', 'testdata', 'empty.v2.lock'), 'yarn@empty 0'],
  [
    'yarn.lock',
    corpusPath(
      'snyk-nodejs-lockfile-parser',
      'fixtures',
      'yarn-lock-v4',
      'hand-rolled',
      'empty',
      'yarn.lock',
    ),
    'yarn-berry@8 0',
  ],
  ['pnpm-lock.yaml', OSV('javascript', 'pnpmlock', 'testdata', 'no-packages.yaml'), 'pnpm@5.3 0'],
  ['bun.lock', OSV('javascript', 'bunlock', 'testdata', 'no-packages.json5'), 'bun@0 0'],
  ['Pipfile.lock', OSV('python', 'pipfilelock', 'testdata', 'empty.json'), 'pipfile-lock@6 0'],
  ['poetry.lock', OSV('python', 'poetrylock', 'testdata', 'empty.lock'), 'poetry@1.1 0'],
  ['uv.lock', OSV('python', 'uvlock', 'testdata', 'no-packages.lock'), 'uv@1 0'],
  ['uv.lock', OSV('python', 'uvlock', 'testdata', 'no-dependencies.lock'), 'uv@1 0'],
  ['pdm.lock', OSV('python', 'pdmlock', 'testdata', 'empty.toml'), 'pdm@4.4.1 0'],
  ['pylock.toml', OSV('python', 'pylock', 'testdata', 'empty.toml'), 'pylock 0 [empty file: no packages]'],
  [
    'go.mod',
    corpusPath('dependabot-core', 'go_modules', 'spec', 'fixtures', 'projects', 'no_dependencies', 'go.mod'),
    'go.mod@1.12 0',
  ],
  ['Cargo.lock', fixturePath('edge-shapes', 'cargo-empty-project-v4', 'Cargo.lock'), 'cargo@4 1'],
  ['Cargo.lock', fixturePath('edge-shapes', 'cargo-msrv-1.77-v3', 'Cargo.lock'), 'cargo@3 1'],
  // No version line and no checksums: Cargo's own rule reads it as version 1.
  ['Cargo.lock', fixturePath('edge-shapes', 'cargo-msrv-1.40-v2', 'Cargo.lock'), 'cargo@1 1'],
  ['Gemfile.lock', fixturePath('edge-shapes', 'bundler-no-gems', 'Gemfile.lock'), 'gemfile-lock@2.5.22 0'],
  ['composer.lock', OSV('php', 'composerlock', 'testdata', 'empty.json'), 'composer-lock 0'],
  ['packages.lock.json', fixturePath('nuget', 'no-packages', 'packages.lock.json'), 'nuget-lock@1 0'],
  [
    'paket.lock',
    OSV('dotnet', 'paketlock', 'testdata', 'empty-lock-dir', 'paket.lock'),
    'paket 0 [empty file: no packages]',
  ],
  ['gradle.lockfile', OSV('java', 'gradlelockfile', 'testdata', 'only-empty'), 'gradle-lockfile 0'],
  [
    'gradle/verification-metadata.xml',
    OSV('java', 'gradleverificationmetadataxml', 'testdata', 'empty.xml'),
    'gradle-verification-metadata 0',
  ],
  ['maven_dep_tree.txt', fixturePath('maven', 'no-dependencies', 'maven_dep_tree.txt'), 'maven-dep-tree 0'],
  [
    'pom.xml',
    OSV('java', 'pomxml', 'testdata', 'empty.xml'),
    'pom 0 [this pom.xml declares no dependencies]',
  ],
  ['pubspec.lock', OSV('dart', 'pubspec', 'testdata', 'no-packages.lock'), 'pubspec-lock 0'],
  ['mix.lock', OSV('elixir', 'mixlock', 'testdata', 'empty'), 'mix-lock 0'],
  ['Package.resolved', fixturePath('swift', 'v3-no-pins', 'Package.resolved'), 'package-resolved@3 0'],
  [
    'Podfile.lock',
    fixturePath('podfile', 'no-pods', 'Podfile.lock'),
    'podfile-lock 0 [empty file: no packages]',
  ],
];

describe('what each tool writes for a project with no dependencies', () => {
  itEachFile(
    NO_DEPENDENCIES,
    ([, file]) => file,
    ([name, file, expected]) =>
      [`${name} ${file.split('/').slice(-2).join('/')}`, expected, name, file] as const,
    '%s reads as %s',
    (_title, expected, name, file) => {
      const result = read(name, readFileSync(file));
      const warnings =
        result.warnings.length === 0 ? '' : ` [${result.warnings.map((w) => w.message).join('; ')}]`;
      expect(`${result.format} ${result.packages.length}${warnings}`).toBe(expected);
      // A Cargo.lock lists the project's own crate: the workspace, never a registry package.
      for (const p of result.packages) expect(p.source).toBe('workspace');
    },
  );
});

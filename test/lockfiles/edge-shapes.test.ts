// The shapes a lockfile takes on its way from the tool to the pull request, tried on one real file per
// format: line endings turned to CRLF (git's core.autocrlf, Windows editors), a UTF-8 byte-order mark
// (Windows tools), and UTF-16 with a byte-order mark (PowerShell 5.1's `>` redirection). Each is read as
// `depgate parse` reads a file: bytes, decoded by `decodeLockfileBytes`, then `readLockfile`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeLockfileBytes } from '../../src/lockfiles/decode.js';
import { detectLockfileKind, type LockfileKind } from '../../src/lockfiles/detect-lockfile.js';
import { readLockfile } from '../../src/lockfiles/read-lockfile.js';
import type { LockfileResult } from '../../src/lockfiles/types.js';
import { corpusPath, fixturePath } from '../helpers/paths.js';
import { lockfileErrorOf } from '../helpers/reader-tests.js';

const OSV = (...parts: string[]) => corpusPath('osv-scalibr', 'language', ...parts);

/** One file per format, written by its tool (or taken from a scanner's fixtures), and the name it is read as. */
const BASES: readonly { name: string; file: string }[] = [
  { name: 'package-lock.json', file: fixturePath('npm', 'root-workspace-v3', 'package-lock.json') },
  { name: 'yarn.lock', file: fixturePath('yarn', 'classic', 'yarn.lock') },
  { name: 'yarn.lock', file: fixturePath('yarn', 'berry-v10', 'yarn.lock') },
  { name: 'pnpm-lock.yaml', file: fixturePath('pnpm', 'pnpm10-app', 'pnpm-lock.yaml') },
  { name: 'bun.lock', file: fixturePath('bun', 'bun1.4-app', 'bun.lock') },
  { name: 'Pipfile.lock', file: OSV('python', 'pipfilelock', 'testdata', 'two-packages.json') },
  { name: 'poetry.lock', file: OSV('python', 'poetrylock', 'testdata', 'multiple-packages.v2.lock') },
  { name: 'uv.lock', file: OSV('python', 'uvlock', 'testdata', 'two-packages.lock') },
  { name: 'pdm.lock', file: OSV('python', 'pdmlock', 'testdata', 'two-packages.toml') },
  { name: 'pylock.toml', file: OSV('python', 'pylock', 'testdata', 'pip-full.toml') },
  { name: 'requirements.txt', file: fixturePath('requirements', 'requirements.txt') },
  { name: 'go.mod', file: fixturePath('gomod', 'replace-and-exclude', 'go.mod') },
  {
    name: 'vendor/modules.txt',
    file: OSV('golang', 'vendormodules', 'testdata', 'valid', 'vendor', 'modules.txt'),
  },
  { name: 'Cargo.lock', file: fixturePath('cargo', 'workspace-v4', 'Cargo.lock') },
  { name: 'Gemfile.lock', file: fixturePath('gemfile', 'sources-and-platforms', 'Gemfile.lock') },
  { name: 'composer.lock', file: fixturePath('composer', 'no-dev', 'composer.lock') },
  { name: 'packages.lock.json', file: fixturePath('nuget', 'central', 'packages.lock.json') },
  {
    name: 'obj/project.assets.json',
    file: fixturePath('nuget-assets', 'console-app', 'obj', 'project.assets.json'),
  },
  { name: 'paket.lock', file: OSV('dotnet', 'paketlock', 'testdata', 'paket.lock') },
  { name: 'gradle.lockfile', file: fixturePath('gradle', 'spring-app', 'gradle.lockfile') },
  {
    name: 'gradle/verification-metadata.xml',
    file: OSV('java', 'gradleverificationmetadataxml', 'testdata', 'two-packages.xml'),
  },
  { name: 'maven_dep_tree.txt', file: fixturePath('maven', 'module', 'maven_dep_tree.txt') },
  { name: 'pom.xml', file: fixturePath('pom', 'order-service', 'pom.xml') },
  { name: 'pubspec.lock', file: fixturePath('pubspec', 'all-sources', 'pubspec.lock') },
  { name: 'mix.lock', file: fixturePath('mix', 'aliases-and-git', 'mix.lock') },
  { name: 'Package.resolved', file: fixturePath('swift', 'mixed-kinds', 'Package.resolved') },
  { name: 'Podfile.lock', file: fixturePath('podfile', 'external-sources', 'Podfile.lock') },
];

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
const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) => Buffer.from(utf16le(text)).swap16();
// An XML declaration that names UTF-8 no longer holds once the file is UTF-16: tools that write UTF-16
// XML declare it (and Maven refuses the file otherwise, tried below).
const declaringUtf16 = (text: string) =>
  text.replace(/^(<\?xml[^>]*encoding=["'])UTF-8(["'])/i, '$1UTF-16$2');

describe('every format, as its tool wrote it, through the shapes a file takes on the way to a PR', () => {
  it('covers every format depgate reads', () => {
    expect(new Set(BASES.map((b) => detectLockfileKind(b.name))).size).toBe(26);
  });

  describe.each(BASES.map((b) => [`${b.name} (${b.file.split('/').slice(-3).join('/')})`, b] as const))(
    '%s',
    (_title, { name, file }) => {
      const text = readFileSync(file, 'utf8');
      const kind = detectLockfileKind(name)!;
      const expected = read(name, utf8(text));

      it('has packages to compare', () => {
        expect(expected.packages.length).toBeGreaterThan(0);
      });

      it('reads the same with CRLF line endings', () => {
        expect(read(name, utf8(text.replace(/\r?\n/g, '\r\n')))).toEqual(expected);
      });

      it('reads the same after a UTF-8 byte-order mark', () => {
        expect(read(name, utf8(`\ufeff${text}`))).toEqual(expected);
      });

      it('reads the same with CRLF and a byte-order mark together', () => {
        expect(read(name, utf8(`\ufeff${text.replace(/\r?\n/g, '\r\n')}`))).toEqual(expected);
      });

      if (UTF16_READ.has(kind)) {
        it('reads the same in UTF-16LE and UTF-16BE with their byte-order mark, as its tool does', () => {
          const source = declaringUtf16(text);
          expect(read(name, utf16le(source))).toEqual(expected);
          expect(read(name, utf16be(source))).toEqual(expected);
          expect(read(name, utf16le(source.replace(/\r?\n/g, '\r\n')))).toEqual(expected);
        });
      } else {
        it('refuses UTF-16 with a byte-order mark, which its tool does not read, saying so', () => {
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
        });
      }

      it('refuses UTF-16 without a byte-order mark as binary (its NUL bytes), as before', () => {
        const error = lockfileErrorOf(() => read(name, Buffer.from(text, 'utf16le')));
        expect(error.reason).toMatch(/^binary file \(a NUL byte at line 1\)/);
      });
    },
  );
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

// The shapes a lockfile takes on its way from the tool to the pull request, tried on one real file per
// format: line endings turned to CRLF (git's core.autocrlf, Windows editors), a UTF-8 byte-order mark
// (Windows tools), and UTF-16 with a byte-order mark (PowerShell 5.1's `>` redirection). Each is read as
// `depgate parse` reads a file: bytes, decoded by `decodeLockfileBytes`, then `readLockfile`. Some of the
// files are the corpus's (test/helpers/edge-shapes.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeLockfileBytes } from '../../src/lockfiles/decode.js';
import { detectLockfileKind, type LockfileKind } from '../../src/lockfiles/detect-lockfile.js';
import { readLockfile } from '../../src/lockfiles/read-lockfile.js';
import type { LockfileResult } from '../../src/lockfiles/types.js';
import { BASES, utf16be, utf16le } from '../helpers/edge-shapes.js';
import { lockfileErrorOf } from '../helpers/reader-tests.js';

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

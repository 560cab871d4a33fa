import { detectLockfileKind, type LockfileKind } from './detect-lockfile.js';
import { LockfileError } from './errors.js';
import { baseName } from './syntax/text.js';

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The formats whose own tool decodes UTF-16 text by its byte-order mark, and that tool. The others are
 * read as UTF-8 by their tools (JSON.parse, TOML, YAML and Go/Ruby/Dart/Elixir/Rust readers), which
 * at most skip a UTF-8 mark, so a UTF-16 file of theirs is refused as their tool refuses it.
 * - pip: `auto_decode` (pip/_internal/utils/encoding.py) decodes requirement files by their BOM;
 *   PowerShell 5.1's `pip freeze > requirements.txt` writes UTF-16LE with one.
 * - SwiftPM: Foundation's JSONDecoder reads any RFC 4627 encoding, with or without a BOM.
 * - Maven (plexus XmlStreamReader) and Gradle (a SAX parser over the file's bytes): XML decoded by its
 *   BOM, provided the XML declaration does not name another encoding (Maven then fails).
 * - Paket: .NET's File.ReadAllLines, which detects the BOM.
 */
const UTF16_TOOLS: Readonly<Partial<Record<LockfileKind, string>>> = {
  requirements: 'pip',
  swift: 'SwiftPM',
  pom: 'Maven',
  'gradle-verification': 'Gradle',
  paket: 'Paket',
};
const XML_KINDS: ReadonlySet<LockfileKind> = new Set(['pom', 'gradle-verification']);

const LENIENT_UTF8 = new TextDecoder('utf-8');

/**
 * A file of a change as the gate reads it: a lockfile by `decodeLockfileBytes` (so that a UTF-16 file
 * its tool reads is read, and a binary one refused where it stops being text), anything else (the
 * policy, a lockfile depgate does not read) as UTF-8.
 */
export function decodeFileBytes(file: string, bytes: Uint8Array): string {
  return detectLockfileKind(file) === undefined
    ? LENIENT_UTF8.decode(bytes)
    : decodeLockfileBytes(file, bytes);
}

/** The 1-based line of a byte offset: one more than the newlines before it. */
function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 10) line++;
  return line;
}

/**
 * A lockfile's bytes as text. A binary file (a NUL byte, or bytes that are not UTF-8) is refused with
 * the line where it stops being text, never decoded with replacement characters and never quoted back.
 * A UTF-8 byte-order mark is kept (the readers strip it). A UTF-16 byte-order mark (LE or BE) decodes
 * the file as UTF-16 where the tool of that format does (`UTF16_TOOLS`, chosen by the file name), and
 * is refused with that reason elsewhere.
 */
export function decodeLockfileBytes(file: string, bytes: Uint8Array): string {
  // A byte compare at offset 0: UTF-8 files (nearly all) pay nothing more.
  const first = bytes[0];
  if ((first === 0xff && bytes[1] === 0xfe) || (first === 0xfe && bytes[1] === 0xff))
    return decodeUtf16(file, bytes, first === 0xff);
  const nul = bytes.indexOf(0);
  if (nul !== -1)
    throw binaryFile(file, `a NUL byte at line ${lineOfByte(bytes, nul)}`, lineOfByte(bytes, nul));
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    // Find the first byte that breaks UTF-8, to say where.
    let low = 0;
    let high = bytes.length;
    while (high - low > 1) {
      const mid = (low + high) >>> 1;
      try {
        // Streaming: a sequence cut at `mid` is not yet an error; a wrong byte before it is.
        new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(0, mid), {
          stream: true,
        });
        low = mid;
      } catch {
        high = mid;
      }
    }
    const line = lineOfByte(bytes, low);
    throw binaryFile(file, `bytes that are not UTF-8 text at line ${line}`, line);
  }
}

function decodeUtf16(file: string, bytes: Uint8Array, littleEndian: boolean): string {
  const encoding = littleEndian ? 'UTF-16LE' : 'UTF-16BE';
  const kind = detectLockfileKind(file);
  const tool = kind === undefined ? undefined : UTF16_TOOLS[kind];
  if (tool === undefined)
    throw new LockfileError(
      file,
      `UTF-16 text (a ${encoding} byte-order mark): ${baseName(file)} is read as UTF-8 by the tool that reads it; save it as UTF-8`,
      { line: 1 },
    );
  // Code units as the byte order says; a lone surrogate or a cut last unit is not text.
  const units = Math.floor(bytes.length / 2);
  let line = 1;
  for (let i = 1; i < units; i++) {
    const unit = littleEndian
      ? bytes[2 * i]! | (bytes[2 * i + 1]! << 8)
      : (bytes[2 * i]! << 8) | bytes[2 * i + 1]!;
    if (unit === 10) line++;
    else if (unit >= 0xd800 && unit <= 0xdfff) {
      const next =
        i + 1 < units
          ? littleEndian
            ? bytes[2 * i + 2]! | (bytes[2 * i + 3]! << 8)
            : (bytes[2 * i + 2]! << 8) | bytes[2 * i + 3]!
          : -1;
      if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
      else throw binaryFile(file, `bytes that are not ${encoding} text at line ${line}`, line);
    }
  }
  if (bytes.length % 2 === 1)
    throw binaryFile(file, `${encoding} text cut inside a character at line ${line}`, line);
  // The decoder drops the byte-order mark.
  const text = new TextDecoder(littleEndian ? 'utf-16le' : 'utf-16be').decode(bytes);
  if (XML_KINDS.has(kind!)) {
    // Maven reads the file in the encoding its declaration names, whatever the mark says.
    const declared = /^<\?xml[^>]*?\sencoding\s*=\s*["']([^"']*)["']/.exec(text)?.[1];
    if (declared !== undefined && !/^utf-16(le|be)?$/i.test(declared)) {
      // The name is the file's own text: quoted only when it looks like an encoding name.
      const named = /^[\w.:-]{1,40}$/.test(declared) ? `"${declared}"` : 'another one';
      throw new LockfileError(
        file,
        `UTF-16 text (a ${encoding} byte-order mark) whose XML declaration names encoding ${named}: ${tool} reads the declared encoding and fails; save it as UTF-8, or declare UTF-16`,
        { line: 1 },
      );
    }
  }
  return text;
}

/**
 * Refuses text that holds a NUL character: a binary file decoded by someone else. Readers never see it,
 * so no reader quotes its bytes back in an error.
 */
export function assertNotBinary(file: string, text: string): void {
  const nul = text.indexOf('\u0000');
  if (nul === -1) return;
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < nul; i = text.indexOf('\n', i + 1)) line++;
  throw binaryFile(file, `a NUL byte at line ${line}`, line);
}

function binaryFile(file: string, what: string, line: number): LockfileError {
  return new LockfileError(file, `binary file (${what}): not a text lockfile`, { line });
}

/** Whether a lockfile's text holds nothing but whitespace (a byte-order mark included). */
export function isBlank(text: string): boolean {
  return /^[\ufeff\s]*$/.test(text);
}

import { LockfileError } from './errors.js';

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The 1-based line of a byte offset: one more than the newlines before it. */
function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 10) line++;
  return line;
}

/**
 * A lockfile's bytes as text. A binary file (a NUL byte, or bytes that are not UTF-8) is refused with
 * the line where it stops being text, never decoded with replacement characters and never quoted back.
 * A UTF-8 byte-order mark is kept (the readers strip it).
 */
export function decodeLockfileBytes(file: string, bytes: Uint8Array): string {
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

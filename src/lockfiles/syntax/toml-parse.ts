import { parse, TomlError } from 'smol-toml';
import { LockfileError } from '../errors.js';

/** smol-toml's parse with a LockfileError naming the file, line and column of a syntax error. */
export function parseTomlLockfile(file: string, text: string): Record<string, unknown> {
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof TomlError) {
      throw new LockfileError(file, `not valid TOML: ${error.message.split('\n')[0] ?? ''}`, {
        line: error.line,
        column: error.column,
      });
    }
    throw new LockfileError(
      file,
      `not valid TOML: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

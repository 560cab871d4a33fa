import yaml from 'js-yaml';
import { LockfileError } from '../errors.js';

/**
 * Every YAML document of a lockfile (pnpm 11 writes two), with a LockfileError naming the file and
 * line of a syntax error.
 */
export function parseYamlDocuments(file: string, text: string): unknown[] {
  try {
    return yaml.loadAll(text, null, { json: true });
  } catch (error) {
    const mark = (error as { mark?: { line?: number } }).mark;
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    throw new LockfileError(
      file,
      `not valid YAML: ${reason}`,
      mark?.line === undefined ? {} : { line: mark.line + 1 },
    );
  }
}

/** The single YAML document of a lockfile (undefined for an empty file). */
export function parseYamlLockfile(file: string, text: string): unknown {
  const documents = parseYamlDocuments(file, text);
  if (documents.length > 1)
    throw new LockfileError(file, `expected one YAML document, found ${documents.length}`, { line: 1 });
  return documents[0];
}

import { LockfileError } from '../errors.js';
import { readYarnBerryLockfile } from './read-yarn-berry.js';
import { readYarnV1Lockfile } from './read-yarn-v1.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type { LockfileResult, ReadOptions } from '../types.js';

/**
 * Reads a yarn.lock, classic (v1, `# yarn lockfile v1`) or berry (yarn 2 and later, YAML with a
 * `__metadata` section), choosing by content since both share the file name. See
 * `readYarnV1Lockfile` and `readYarnBerryLockfile` for what each reports.
 */
export function readYarnLockfile(path: string, rawText: string, options: ReadOptions = {}): LockfileResult {
  const text = stripBom(rawText);
  // The berry reader looks for conflict markers only when its YAML scanner gives up, which it does on
  // every line that opens with one: a text it scans has none.
  if (/^__metadata:/m.test(text)) return readYarnBerryLockfile(path, text, options, false);
  assertNoConflictMarkers(path, text);
  // A YAML document marker or a `key: value` first line is berry's syntax without its metadata.
  const firstContent = /^[^#\s].*$/m.exec(text);
  if (firstContent !== null && /^(---|[^\s"]+: |"[^"]*": )/.test(firstContent[0]))
    throw new LockfileError(path, 'not a yarn lockfile: YAML without the __metadata section of yarn berry', {
      line: text.slice(0, firstContent.index).split('\n').length,
    });
  return readYarnV1Lockfile(path, text, options);
}

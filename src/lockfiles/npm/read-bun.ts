import { LockfileError } from '../errors.js';
import { assertNoConflictMarkers, baseName, stripBom } from '../syntax/text.js';
import type { LockfileResult, ReadOptions } from '../types.js';
import { readBunLines } from './read-bun-lines.js';
import { readBunTree } from './read-bun-tree.js';

const BINARY_HINT =
  "bun.lockb is bun's binary lockfile, which depgate does not read; run `bun install --save-text-lockfile` (bun 1.1.39 or later; bun 1.2+ writes bun.lock by default) and commit the text bun.lock";

/**
 * Reads a bun.lock (JSON with trailing commas and comments), lockfileVersion 0, 1 and 2. Every key
 * of `packages` is an install location (`a`, or `a/b` for a `b` nested under `a`) holding a tuple
 * `["name@resolution", ...]`; each becomes one entry with that location as `path`, and the key's last
 * name as `alias` when it differs from the tuple's name (npm aliases). The root package (`@root:`)
 * is the project itself and is not listed. `direct` means listed by a workspace (dependencies,
 * devDependencies, optionalDependencies or peerDependencies, which bun installs); `dev` and
 * `optional` follow what the workspaces' lists reach, resolving each dependency from its location
 * outward as Node does. Packages are in file order. The binary bun.lockb is refused with advice.
 */
export function readBunLockfile(path: string, rawText: string, options: ReadOptions = {}): LockfileResult {
  if (baseName(path).endsWith('.lockb') || /^#!\/usr\/bin\/env bun\r?\nbun-lockfile-format-v/.test(rawText))
    throw new LockfileError(path, BINARY_HINT, { line: 1 });
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  // The line scanner keeps no integrity: a read that wants them takes the general reader.
  if (options.sources === true) return readBunTree(path, text, true);
  return readBunLines(path, text) ?? readBunTree(path, text);
}

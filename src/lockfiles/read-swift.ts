import { LockfileError } from './errors.js';
import { isObj } from './shapes.js';
import { jsonKeyLines, parseJsonLockfile } from './json-lines.js';
import { assertNoConflictMarkers, stripBom } from './text.js';
import type { LockfilePackage, LockfileResult } from './types.js';

/**
 * Package.resolved, versions 1 (`object.pins` with `package` and `repositoryURL`) and 2/3 (`pins` with
 * `identity`, `kind` and `location`). Name: the identity (v2/v3) or the package name lowercased (v1).
 * A pin on a branch or revision without a version is `git` with an empty version; local packages are
 * `path`.
 */
export function readPackageResolved(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const data = parseJsonLockfile(path, text);
  if (!isObj(data))
    throw new LockfileError(path, 'expected a JSON object: not a Package.resolved', { line: 1 });
  const version = typeof data.version === 'number' ? data.version : 0;
  const v1 = version === 1;
  if (!v1 && version !== 2 && version !== 3)
    throw new LockfileError(
      path,
      `unsupported Package.resolved version ${JSON.stringify(data.version)} (depgate reads 1, 2 and 3)`,
      { line: 1 },
    );
  const pins = v1 ? (isObj(data.object) ? data.object.pins : undefined) : data.pins;
  if (pins === undefined)
    return { ecosystem: 'swiftpm', format: `package-resolved@${version}`, packages: [], warnings: [] };
  if (!Array.isArray(pins)) throw new LockfileError(path, '"pins" must be an array', { line: 1 });
  const lines = jsonKeyLines(
    text,
    (p) => p.length === (v1 ? 5 : 4) && p[p.length - 1] === (v1 ? 'package' : 'identity'),
  );
  const packages: LockfilePackage[] = pins.map((pin: unknown, i) => {
    const line =
      lines.get(
        (v1 ? ['', 'object', 'pins', String(i), 'package'] : ['', 'pins', String(i), 'identity']).join(
          '\u0000',
        ),
      ) ?? 1;
    if (!isObj(pin) || !isObj(pin.state)) throw new LockfileError(path, `pins[${i}] needs a state`, { line });
    const name = v1
      ? typeof pin.package === 'string'
        ? pin.package.toLowerCase()
        : ''
      : typeof pin.identity === 'string'
        ? pin.identity
        : '';
    if (name === '')
      throw new LockfileError(path, `pins[${i}] has no ${v1 ? 'package' : 'identity'}`, { line });
    const location = v1 ? pin.repositoryURL : pin.location;
    const pinned = typeof pin.state.version === 'string' ? pin.state.version : '';
    const pkg: LockfilePackage = {
      ecosystem: 'swiftpm',
      name,
      version: pinned,
      line,
      source:
        pin.kind === 'localSourceControl' || pin.kind === 'fileSystem'
          ? 'path'
          : pinned === ''
            ? 'git'
            : 'registry',
    };
    if (pkg.source !== 'registry') {
      const revision =
        typeof pin.state.revision === 'string'
          ? pin.state.revision
          : typeof pin.state.branch === 'string'
            ? pin.state.branch
            : '';
      pkg.resolved = `${typeof location === 'string' ? location : ''}${revision === '' ? '' : `#${revision}`}`;
    }
    return pkg;
  });
  return { ecosystem: 'swiftpm', format: `package-resolved@${version}`, packages, warnings: [] };
}

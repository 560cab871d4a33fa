import { LockfileError } from './errors.js';
import { isObj } from './shapes.js';
import { jsonKeyLines, parseJsonLockfile } from './json-lines.js';
import { assertNoConflictMarkers, stripBom } from './text.js';
import type { LockfilePackage, LockfileResult, PackageSource } from './types.js';

/**
 * Pipfile.lock: the `default` and `develop` (dev) sections; `==1.2.3` versions without the operator;
 * git, path and editable entries with their source. A package in both sections is reported once per
 * section, as pipenv installs it for both.
 */
export function readPipfileLock(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const data = parseJsonLockfile(path, text);
  if (!isObj(data) || (!isObj(data.default) && !isObj(data.develop) && !isObj(data._meta))) {
    throw new LockfileError(path, 'expected "_meta", "default" and "develop" objects: not a Pipfile.lock', {
      line: 1,
    });
  }
  const lines = jsonKeyLines(text, (p) => p.length === 3 && (p[1] === 'default' || p[1] === 'develop'), 3);
  const packages: LockfilePackage[] = [];
  const warnings: LockfileResult['warnings'] = [];
  for (const [section, dev] of [
    ['default', false],
    ['develop', true],
  ] as const) {
    const deps = data[section];
    if (deps === undefined) continue;
    if (!isObj(deps)) throw new LockfileError(path, `"${section}" must be an object`, { line: 1 });
    for (const [name, entry] of Object.entries(deps)) {
      const line = lines.get(['', section, name].join('\u0000')) ?? 1;
      if (!isObj(entry)) throw new LockfileError(path, `${section}.${name} must be an object`, { line });
      let source: PackageSource = 'registry';
      let resolved: string | undefined;
      if (typeof entry.git === 'string') {
        source = 'git';
        resolved = `${entry.git}${typeof entry.ref === 'string' ? `#${entry.ref}` : ''}`;
      } else if (typeof entry.path === 'string' || typeof entry.file === 'string') {
        source = typeof entry.file === 'string' && /^https?:/.test(entry.file) ? 'url' : 'path';
        resolved = (entry.path ?? entry.file) as string;
      }
      const version = typeof entry.version === 'string' ? entry.version.replace(/^===?/, '') : '';
      if (source === 'registry' && version === '')
        warnings.push({ message: `${name} has no pinned version`, line });
      const pkg: LockfilePackage = { ecosystem: 'pypi', name, version, line, source, dev };
      if (resolved !== undefined) pkg.resolved = resolved;
      packages.push(pkg);
    }
  }
  return { ecosystem: 'pypi', format: 'pipfile-lock', packages, warnings };
}

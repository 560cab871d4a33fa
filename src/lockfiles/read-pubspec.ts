import { LockfileError } from './errors.js';
import { parseYamlLockfile } from './parse-yaml.js';
import { isObj } from './shapes.js';
import { assertNoConflictMarkers, stripBom } from './text.js';
import type { LockfilePackage, LockfileResult, PackageSource } from './types.js';

/**
 * pubspec.lock: the `packages` map with `dependency` (`direct main`, `direct dev`, `direct
 * overridden`, `transitive`) and `source` (`hosted`, `git`, `path`, `sdk`). SDK packages (flutter,
 * flutter_test) come with the SDK: reported as `path` so no registry rule applies to them.
 */
export function readPubspecLock(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const data = parseYamlLockfile(path, text);
  if (data === undefined || data === null)
    return { ecosystem: 'pub', format: 'pubspec-lock', packages: [], warnings: [] };
  if (!isObj(data))
    throw new LockfileError(path, 'expected a mapping with "packages": not a pubspec.lock', { line: 1 });
  if (data.packages === undefined || data.packages === null)
    return { ecosystem: 'pub', format: 'pubspec-lock', packages: [], warnings: [] };
  if (!isObj(data.packages)) throw new LockfileError(path, '"packages" must be a mapping', { line: 1 });
  // Lines of the keys directly under `packages:` (two-space indent).
  const lines = new Map<string, number>();
  let inPackages = false;
  text.split('\n').forEach((raw, i) => {
    if (/^\S/.test(raw)) inPackages = raw.startsWith('packages:');
    else if (inPackages) {
      const key = /^ {2}("?)([^\s":]+)\1:\s*$/.exec(raw.replace(/\r$/, ''));
      if (key !== null) lines.set(key[2]!, i + 1);
    }
  });
  const packages = Object.entries(data.packages).map(([name, entry]): LockfilePackage => {
    const line = lines.get(name) ?? 1;
    if (!isObj(entry)) throw new LockfileError(path, `packages.${name} must be a mapping`, { line });
    const kind = typeof entry.dependency === 'string' ? entry.dependency : '';
    const src = typeof entry.source === 'string' ? entry.source : 'hosted';
    const source: PackageSource =
      src === 'git' ? 'git' : src === 'path' || src === 'sdk' ? 'path' : 'registry';
    const pkg: LockfilePackage = {
      ecosystem: 'pub',
      name,
      version: typeof entry.version === 'string' ? entry.version : '',
      line,
      source,
      direct: kind.startsWith('direct'),
      dev: kind === 'direct dev',
    };
    if (source === 'git' && isObj(entry.description)) {
      const { url, 'resolved-ref': ref } = entry.description;
      pkg.resolved = `${typeof url === 'string' ? url : ''}#${typeof ref === 'string' ? ref : ''}`;
    }
    return pkg;
  });
  return { ecosystem: 'pub', format: 'pubspec-lock', packages, warnings: [] };
}

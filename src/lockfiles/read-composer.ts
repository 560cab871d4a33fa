import { LockfileError } from './errors.js';
import { isObj } from './shapes.js';
import { jsonKeyLines, parseJsonLockfile } from './json-lines.js';
import { assertNoConflictMarkers, stripBom } from './text.js';
import type { LockfilePackage, LockfileResult, LockfileWarning, PackageSource } from './types.js';

/**
 * composer.lock: `packages` and `packages-dev` (dev), versions as written (`v1.2.3`, `dev-main`),
 * licenses joined as an SPDX `OR` expression, and the source from `dist`/`source` (path, git or the
 * registry). Line: the entry's `"name"` line.
 */
export function readComposerLock(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const data = parseJsonLockfile(path, text);
  if (!isObj(data) || (!Array.isArray(data.packages) && !Array.isArray(data['packages-dev']))) {
    throw new LockfileError(path, 'expected "packages" and "packages-dev" arrays: not a composer.lock', {
      line: 1,
    });
  }
  const lines = jsonKeyLines(
    text,
    (p) => p.length === 4 && p[3] === 'name' && (p[1] === 'packages' || p[1] === 'packages-dev'),
    4,
  );
  const warnings: LockfileWarning[] = [];
  const packages: LockfilePackage[] = [];
  for (const [field, dev] of [
    ['packages', false],
    ['packages-dev', true],
  ] as const) {
    const list = data[field] ?? [];
    if (!Array.isArray(list)) throw new LockfileError(path, `"${field}" must be an array`, { line: 1 });
    list.forEach((entry: unknown, i) => {
      const line = lines.get(['', field, String(i), 'name'].join('\u0000')) ?? 1;
      if (!isObj(entry) || typeof entry.name !== 'string' || entry.name === '') {
        throw new LockfileError(path, `${field}[${i}] needs a name`, { line });
      }
      const version =
        typeof entry.version === 'string'
          ? entry.version
          : typeof entry.version === 'number'
            ? String(entry.version)
            : '';
      if (version === '') warnings.push({ message: `${entry.name} has no version`, line });
      const dist = isObj(entry.dist) ? entry.dist : {};
      const src = isObj(entry.source) ? entry.source : {};
      let source: PackageSource = 'registry';
      if (dist.type === 'path' || src.type === 'path') source = 'path';
      else if (!isObj(entry.dist) && src.type === 'git') source = 'git';
      const pkg: LockfilePackage = {
        ecosystem: 'composer',
        name: entry.name,
        version,
        line,
        source,
        dev,
      };
      const licenses = Array.isArray(entry.license)
        ? entry.license.filter((l): l is string => typeof l === 'string')
        : [];
      if (licenses.length > 0)
        pkg.license = licenses.length === 1 ? licenses[0]! : `(${licenses.join(' OR ')})`;
      if (source !== 'registry')
        pkg.resolved =
          typeof dist.url === 'string'
            ? dist.url
            : typeof src.url === 'string'
              ? `${src.url}#${typeof src.reference === 'string' ? src.reference : ''}`
              : '';
      packages.push(pkg);
    });
  }
  return { ecosystem: 'composer', format: 'composer-lock', packages, warnings };
}

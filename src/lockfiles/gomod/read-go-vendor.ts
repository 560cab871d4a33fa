import { LockfileError } from '../errors.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type { LockfilePackage, LockfileResult, LockfileWarning } from '../types.js';

interface Module {
  pkg: LockfilePackage;
  /** Package lines vendored from it. */
  packages: number;
}

/**
 * Go's `vendor/modules.txt` (written by `go mod vendor`): one package per module header, at its line.
 *
 * `# path version` is a vendored module; `# path version => other v2` and `# path => other v2` (a
 * replacement of every version) report the replacement module, the code that is vendored, with the
 * replaced path as `alias`; `=> ./dir` (a local directory) reports the path with source `path`, version
 * '' and the directory as `resolved`. `## explicit` (alone or before `; go 1.21`) marks a module listed in
 * go.mod's requirements: `direct: true`; a module without it is `direct: false`. A module named twice
 * is reported once. A replacement record with no version and no vendored package (Go writes one for a
 * replacement in go.mod that the build does not use) adds no package and says so in a warning; so does
 * a `#` line that is no module header. Versions are kept as Go writes them (`v1.2.3`).
 *
 * A package or `##` line before any module header is not a modules.txt: a LockfileError at its line.
 * Format: `go-vendor-modules`.
 */
export function readGoVendorModules(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const warnings: LockfileWarning[] = [];
  const packages: LockfilePackage[] = [];
  const byKey = new Map<string, Module>();
  let current: Module | undefined;
  let pending: { module: Module; line: number; record: string } | undefined;
  const settle = (): void => {
    // A header whose module vendors nothing and has no version is a replacement record only.
    if (pending !== undefined && pending.module.packages === 0 && pending.module.pkg.direct !== true) {
      warnings.push({
        message: `${JSON.stringify(pending.record)}: a replacement record, no module vendored from it; not listed`,
        line: pending.line,
      });
      packages.splice(packages.indexOf(pending.module.pkg), 1);
      byKey.delete(keyOf(pending.module.pkg));
    }
    pending = undefined;
  };

  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i]!.replace(/\r$/, '').trim();
    if (line === '') continue;
    if (line.startsWith('## ')) {
      if (current === undefined)
        throw new LockfileError(
          path,
          'a "##" annotation before any "# module version" header: not a vendor/modules.txt',
          {
            line: lineNo,
          },
        );
      for (const annotation of line.slice(3).split(';'))
        if (annotation.trim() === 'explicit') current.pkg.direct = true;
      continue;
    }
    if (line.startsWith('#')) {
      settle();
      const fields = line.slice(1).trim().split(/\s+/);
      const module = header(fields, lineNo);
      if (module === undefined) {
        warnings.push({
          message: 'a "#" line that is no "# module version" header; skipped',
          line: lineNo,
        });
        current = undefined;
        continue;
      }
      const key = keyOf(module);
      const earlier = byKey.get(key);
      if (earlier !== undefined) {
        current = earlier;
        continue;
      }
      current = { pkg: module, packages: 0 };
      byKey.set(key, current);
      packages.push(module);
      if (fields.length === 3 && module.version === '')
        pending = { module: current, line: lineNo, record: line };
      continue;
    }
    if (current === undefined) {
      if (packages.length === 0 && warnings.length === 0)
        throw new LockfileError(
          path,
          'a package line before any "# module version" header: not a vendor/modules.txt',
          {
            line: lineNo,
          },
        );
      continue;
    }
    current.packages++;
  }
  settle();
  for (const pkg of packages) pkg.direct ??= false;
  return { ecosystem: 'gomod', format: 'go-vendor-modules', packages, warnings };
}

function keyOf(pkg: LockfilePackage): string {
  return `${pkg.alias ?? ''}\u0000${pkg.name}\u0000${pkg.version}\u0000${pkg.resolved ?? ''}`;
}

/** A module header's fields: `path version`, `path version => new [v]`, `path => new [v]`. */
function header(fields: string[], line: number): LockfilePackage | undefined {
  const arrow = fields.indexOf('=>');
  const left = arrow === -1 ? fields : fields.slice(0, arrow);
  const right = arrow === -1 ? [] : fields.slice(arrow + 1);
  if (left.length < 1 || left.length > 2 || (arrow === -1 && left.length !== 2)) return undefined;
  if (arrow !== -1 && (right.length < 1 || right.length > 2)) return undefined;
  const [path, version = ''] = left as [string, string?];
  if (version !== '' && !/^v\d/.test(version)) return undefined;
  if (arrow === -1) return { ecosystem: 'gomod', name: path, version, line, source: 'registry' };
  const [target, targetVersion] = right as [string, string?];
  if (targetVersion === undefined) {
    // Only a local directory replaces without a version.
    if (!/^(\.{1,2}[\\/]|\/|[A-Za-z]:[\\/])/.test(target) && target !== '.' && target !== '..')
      return undefined;
    return { ecosystem: 'gomod', name: path, version: '', line, source: 'path', resolved: target };
  }
  if (!/^v\d/.test(targetVersion)) return undefined;
  const pkg: LockfilePackage = {
    ecosystem: 'gomod',
    name: target,
    version: targetVersion,
    line,
    source: 'registry',
  };
  if (target !== path) pkg.alias = path;
  return pkg;
}

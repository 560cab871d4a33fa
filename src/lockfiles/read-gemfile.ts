import { LockfileError } from './errors.js';
import { assertNoConflictMarkers, stripBom } from './text.js';
import type { LockfilePackage, LockfileResult, PackageSource } from './types.js';

const PLATFORM_TAIL =
  /-(x86|x64|x86_64|i386|i686|arm|arm64|aarch64|universal|java|jruby|mswin|mswin32|mswin64|mingw|mingw32|x64-mingw32|x64-mingw-ucrt|darwin|linux|freebsd|musl)(?:[-_].*)?$/;

/**
 * Gemfile.lock / gems.locked: the specs of every GEM, GIT, PATH and PLUGIN SOURCE section (4-space
 * `name (version)` lines; 6-space lines are their dependencies). Platform suffixes are dropped from
 * versions (`1.13.0-x86_64-linux` -> `1.13.0`) and platform variants of one version collapse into one
 * entry. Direct: listed under DEPENDENCIES.
 */
export function readGemfileLock(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const packages: LockfilePackage[] = [];
  const seen = new Set<string>();
  const direct = new Set<string>();
  let section = '';
  let source: PackageSource = 'registry';
  let remote = '';
  let revision = '';
  let inSpecs = false;
  let sawSection = false;
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    const lineNo = i + 1;
    if (line.trim() === '') return;
    if (!line.startsWith(' ')) {
      section = line.trim();
      sawSection = true;
      inSpecs = false;
      remote = '';
      revision = '';
      source = section === 'GIT' ? 'git' : section === 'PATH' ? 'path' : 'registry';
      return;
    }
    if (!sawSection) throw new LockfileError(path, 'indented line before any section', { line: lineNo });
    const indent = line.length - line.trimStart().length;
    const body = line.trim();
    if (section === 'DEPENDENCIES') {
      const name = /^([^\s!(]+)/.exec(body)?.[1];
      if (name !== undefined) direct.add(name);
      return;
    }
    if (!['GEM', 'GIT', 'PATH', 'PLUGIN SOURCE'].includes(section)) return;
    if (indent === 2) {
      inSpecs = body === 'specs:';
      const kv = /^(remote|revision|ref|branch|tag):\s*(.*)$/.exec(body);
      if (kv?.[1] === 'remote') remote = kv[2]!;
      if (kv?.[1] === 'revision') revision = kv[2]!;
      return;
    }
    if (!inSpecs || indent !== 4) return;
    const spec = /^([^\s(]+) \(([^)]+)\)$/.exec(body);
    if (spec === null)
      throw new LockfileError(
        path,
        `malformed spec line ${JSON.stringify(body)} (expected "name (version)")`,
        { line: lineNo },
      );
    const name = spec[1]!;
    const version = spec[2]!.replace(PLATFORM_TAIL, '');
    const key = `${name}@${version}@${section}`;
    if (seen.has(key)) return;
    seen.add(key);
    const pkg: LockfilePackage = { ecosystem: 'gem', name, version, line: lineNo, source };
    if (source !== 'registry') pkg.resolved = revision === '' ? remote : `${remote}@${revision}`;
    packages.push(pkg);
  });
  if (!sawSection && text.trim() !== '')
    throw new LockfileError(path, 'no sections (GEM, DEPENDENCIES, ...): not a Gemfile.lock', { line: 1 });
  for (const pkg of packages) pkg.direct = direct.has(pkg.name);
  return { ecosystem: 'gem', format: 'gemfile-lock', packages, warnings: [] };
}

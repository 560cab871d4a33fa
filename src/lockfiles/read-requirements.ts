import { LockfileError } from './errors.js';
import { assertNoConflictMarkers, stripBom } from './text.js';
import type { LockfileInclude, LockfilePackage, LockfileResult, LockfileWarning } from './types.js';

const NAME = /^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(.*)$/;

/**
 * requirements*.txt: pinned `name==1.2.3` (and `===`) lines with extras, markers, hashes and line
 * continuations; `-r`/`-c` includes reported in `includes` (not followed); editable, VCS, URL and path
 * requirements with their source; unpinned requirements (`name>=1`, `name`) reported as such; option
 * lines skipped. A line that is none of these is a warning with its line, never silently dropped.
 */
export function readRequirements(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const packages: LockfilePackage[] = [];
  const warnings: LockfileWarning[] = [];
  const includes: LockfileInclude[] = [];
  const physical = text.split('\n');
  for (let i = 0; i < physical.length; i++) {
    const lineNo = i + 1;
    let logical = physical[i]!.replace(/\r$/, '');
    while (logical.endsWith('\\') && i + 1 < physical.length)
      logical = logical.slice(0, -1) + ' ' + physical[++i]!.replace(/\r$/, '');
    const line = logical.replace(/(^|\s)#.*$/, '').trim();
    if (line === '') continue;
    const include = /^(-r|--requirement|-c|--constraint)(?:\s+|=)(\S+)/.exec(line);
    if (include !== null) {
      includes.push({
        path: include[2]!,
        line: lineNo,
        kind: include[1]!.startsWith('-c') || include[1] === '--constraint' ? 'constraints' : 'requirements',
      });
      continue;
    }
    const editable = /^(-e|--editable)(?:\s+|=)(.+)$/.exec(line);
    const target = editable === null ? line : editable[2]!.trim();
    if (editable === null && line.startsWith('-')) continue; // --index-url, --hash on its own line, ...
    // VCS, URL and local path requirements: `git+https://...#egg=name`, `name @ https://...`, `./pkg`.
    const direct = /^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*@\s*(\S+)/.exec(target);
    const egg = /[#&]egg=([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(target);
    if (direct !== null || /^(git\+|hg\+|svn\+|bzr\+|https?:|file:|\.|\/)/.test(target)) {
      const url = direct?.[2] ?? target.split(/\s/)[0]!;
      const name =
        direct?.[1] ??
        egg?.[1] ??
        url
          .replace(/[#?].*$/, '')
          .replace(/\/$/, '')
          .split('/')
          .pop()!
          .replace(/\.git$/, '');
      if (name === '') {
        warnings.push({
          message: `cannot tell the package name of ${JSON.stringify(url.slice(0, 80))}`,
          line: lineNo,
        });
        continue;
      }
      const source = /^(git\+|hg\+|svn\+|bzr\+)/.test(url) ? 'git' : /^https?:/.test(url) ? 'url' : 'path';
      packages.push({
        ecosystem: 'pypi',
        name,
        version: '',
        line: lineNo,
        source,
        resolved: url,
        direct: true,
        unpinned: true,
        specifier: url,
      });
      continue;
    }
    const match = NAME.exec(target.split(';')[0]!.trim());
    if (match === null) {
      warnings.push({ message: `not a requirement: ${JSON.stringify(line.slice(0, 80))}`, line: lineNo });
      continue;
    }
    const name = match[1]!;
    // Per-requirement options (--hash, --global-option, --config-settings) are not part of the version.
    const spec = match[3]!.replace(/\s*--[a-z-]+(?:[=\s]\S+)?/g, '').trim();
    const pinned = /^===?\s*([^\s,;*]+)$/.exec(spec);
    if (pinned !== null) {
      packages.push({
        ecosystem: 'pypi',
        name,
        version: pinned[1]!,
        line: lineNo,
        source: 'registry',
        direct: true,
      });
    } else if (spec === '' || /^(~=|!=|<=|>=|<|>|==|===)\s*[^\s,]/.test(spec)) {
      packages.push({
        ecosystem: 'pypi',
        name,
        version: '',
        line: lineNo,
        source: 'registry',
        direct: true,
        unpinned: true,
        specifier: spec,
      });
    } else {
      warnings.push({
        message: `cannot read the version requirement ${JSON.stringify(spec.slice(0, 60))} of ${name}`,
        line: lineNo,
      });
    }
  }
  const first = warnings[0];
  if (packages.length === 0 && includes.length === 0 && first !== undefined) {
    throw new LockfileError(
      path,
      `no requirement could be read; the first unreadable line is ${first.message.replace(/^not a requirement: /, '')}`,
      first.line === undefined ? {} : { line: first.line },
    );
  }
  return { ecosystem: 'pypi', format: 'requirements', packages, warnings, includes };
}

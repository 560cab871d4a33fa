import { LockfileError } from './errors.js';
import { assertNoConflictMarkers, stripBom } from './text.js';
import type { LockfilePackage, LockfileResult, LockfileWarning } from './types.js';

const unquote = (s: string) =>
  s.startsWith('"') && s.endsWith('"') && s.length >= 2
    ? s.slice(1, -1)
    : s.startsWith('`') && s.endsWith('`')
      ? s.slice(1, -1)
      : s;

/**
 * go.mod: `require` lines and blocks (`// indirect` marks transitive), `replace` applied to the
 * requirements it names (a local replacement makes the module a `path` package; a module replacement
 * reports the replacement's path and version, with the original as `alias`), `exclude` reported as
 * warnings. The module itself is not a dependency.
 */
export function readGoMod(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const requires: { module: string; version: string; line: number; indirect: boolean }[] = [];
  const replaces = new Map<string, { from?: string; module: string; version: string }>();
  const warnings: LockfileWarning[] = [];
  let block: string | undefined;
  let blockLine = 0;
  let sawModule = false;
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const lineNo = i + 1;
    const comment = raw.indexOf('//');
    const indirect = comment !== -1 && /^\/\/\s*indirect\b/.test(raw.slice(comment).trim());
    const line = (comment === -1 ? raw : raw.slice(0, comment)).trim();
    if (line === '') return;
    if (block !== undefined) {
      if (line === ')') {
        block = undefined;
        return;
      }
      handle(block, line, lineNo, indirect);
      return;
    }
    const match = /^(module|go|toolchain|require|replace|exclude|retract|godebug|tool|ignore)\b\s*(.*)$/.exec(
      line,
    );
    if (match === null)
      throw new LockfileError(path, `unknown directive ${JSON.stringify(line.split(/\s/)[0])}`, {
        line: lineNo,
      });
    const [, verb, rest] = match as unknown as [string, string, string];
    if (rest === '(') {
      block = verb;
      blockLine = lineNo;
      return;
    }
    if (verb === 'module') sawModule = true;
    handle(verb, rest, lineNo, indirect);
  });
  if (block !== undefined)
    throw new LockfileError(path, `unterminated ${block} block: missing ")"`, { line: blockLine });
  if (!sawModule && requires.length === 0 && text.trim() !== '')
    throw new LockfileError(path, 'no module directive: not a go.mod file', { line: 1 });

  function handle(verb: string, rest: string, lineNo: number, indirect: boolean): void {
    const fields = rest.split(/\s+/).filter(Boolean).map(unquote);
    if (verb === 'require') {
      if (fields.length !== 2)
        throw new LockfileError(
          path,
          `require needs a module path and a version, got ${JSON.stringify(rest)}`,
          { line: lineNo },
        );
      requires.push({ module: fields[0]!, version: fields[1]!, line: lineNo, indirect });
    } else if (verb === 'replace') {
      const arrow = fields.indexOf('=>');
      if (arrow < 1 || arrow === fields.length - 1)
        throw new LockfileError(
          path,
          `replace needs "old [version] => new [version]", got ${JSON.stringify(rest)}`,
          { line: lineNo },
        );
      const key = arrow === 2 ? `${fields[0]!}@${fields[1]!}` : fields[0]!;
      replaces.set(key, { module: fields[arrow + 1]!, version: fields[arrow + 2] ?? '' });
    } else if (verb === 'exclude') {
      warnings.push({ message: `exclude ${fields.join(' ')}: that version is never used`, line: lineNo });
    }
  }

  const packages: LockfilePackage[] = requires.map((r) => {
    const replacement = replaces.get(`${r.module}@${r.version}`) ?? replaces.get(r.module);
    const pkg: LockfilePackage = {
      ecosystem: 'gomod',
      name: r.module,
      version: r.version,
      line: r.line,
      source: 'registry',
      direct: !r.indirect,
    };
    if (replacement !== undefined) {
      if (/^(\.|\/|[A-Za-z]:\\)/.test(replacement.module)) {
        pkg.source = 'path';
        pkg.resolved = replacement.module;
        pkg.version = '';
      } else {
        if (replacement.module !== r.module) {
          pkg.alias = r.module;
          pkg.name = replacement.module;
        }
        pkg.version = replacement.version;
      }
    }
    return pkg;
  });
  return { ecosystem: 'gomod', format: 'go.mod', packages, warnings };
}

import { LockfileError } from '../errors.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type { LockfilePackage, LockfileResult, LockfileWarning } from '../types.js';

/** The directives the go command knows (golang.org/x/mod/modfile); any other word is an error there too. */
const DIRECTIVES = new Set([
  'module',
  'go',
  'toolchain',
  'godebug',
  'require',
  'exclude',
  'replace',
  'retract',
  'tool',
  'ignore',
]);

/** A token of one go.mod line: a word (identifier or unquoted string) or one of `( ) [ ] { } ,`. */
interface Token {
  text: string;
  punct: boolean;
}

interface Requirement {
  module: string;
  version: string;
  line: number;
  indirect: boolean;
}

interface Replacement {
  module: string;
  /** '' for a local directory. */
  version: string;
  line: number;
}

/** Canonical module versions: `v1.2.3`, pre-release and `+incompatible` tails, pseudo-versions. */
const CANONICAL = /^v\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * go.mod: every `require` (single lines and blocks) in file order, at the line of its entry.
 * `// indirect` marks a requirement transitive (`direct: false`); others are direct.
 *
 * `replace` is applied to the requirements it names (a versioned `old v1 => ...` before a bare
 * `old => ...`). A replacement by another module reports that module as `name`, the required path as
 * `alias` and the replacement's version: that is the code the build fetches. A replacement by a local
 * directory reports the required path as `name`, source `path`, version '' (no registry version is
 * built) and the directory as `resolved`. Replacements of modules the file does not require are not
 * reported (the go.mod of go >= 1.17 requires every module in the build).
 *
 * `exclude` does not remove a requirement: each excluded version is reported as a warning, and a
 * requirement of an excluded version gets its own warning (the go command then uses the next higher
 * version). `module`, `go`, `toolchain`, `godebug`, `retract`, `tool` and `ignore` add no package; an
 * unknown directive is an error, as it is for the go command.
 *
 * Format: `go.mod@<go directive>` (`go.mod` without one). Before go 1.17 a go.mod may leave out
 * indirect requirements (they are in go.sum); a warning says so.
 */
export function readGoMod(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const requires: Requirement[] = [];
  const replaces = new Map<string, Replacement>();
  const excluded = new Set<string>();
  const warnings: LockfileWarning[] = [];
  let goVersion: string | undefined;
  let block: { verb: string; line: number } | undefined;

  function fail(line: number, reason: string): never {
    throw new LockfileError(path, reason, { line });
  }

  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const { tokens, comment } = goModTokens(path, lines[i]!, lineNo);
    if (tokens.length === 0) continue;
    const first = tokens[0]!;
    if (block !== undefined) {
      if (first.punct && first.text === ')') {
        if (tokens.length > 1) fail(lineNo, `unexpected ${JSON.stringify(tokens[1]!.text)} after ")"`);
        block = undefined;
        continue;
      }
      handle(block.verb, tokens, lineNo, comment);
      continue;
    }
    if (first.punct) fail(lineNo, `unexpected ${JSON.stringify(first.text)} outside a block`);
    if (!DIRECTIVES.has(first.text))
      fail(lineNo, `unknown directive ${JSON.stringify(first.text)}: not a go.mod line`);
    const rest = tokens.slice(1);
    if (rest.length >= 1 && rest[0]!.punct && rest[0]!.text === '(') {
      if (rest.length === 2 && rest[1]!.punct && rest[1]!.text === ')') continue;
      if (rest.length > 1)
        fail(lineNo, `unexpected ${JSON.stringify(rest[1]!.text)} after "${first.text} ("`);
      block = { verb: first.text, line: lineNo };
      continue;
    }
    handle(first.text, rest, lineNo, comment);
  }
  if (block !== undefined) fail(block.line, `unterminated ${block.verb} block: missing ")"`);

  function words(verb: string, args: Token[], lineNo: number): string[] {
    for (const token of args) {
      if (token.punct && verb !== 'retract')
        fail(lineNo, `unexpected ${JSON.stringify(token.text)} in ${verb} directive`);
    }
    return args.map((t) => t.text);
  }

  function handle(verb: string, args: Token[], lineNo: number, comment: string | undefined): void {
    const fields = words(verb, args, lineNo);
    switch (verb) {
      case 'require': {
        if (fields.length !== 2)
          fail(lineNo, `require needs a module path and a version, got ${JSON.stringify(fields.join(' '))}`);
        const [module, version] = fields as [string, string];
        if (!CANONICAL.test(version)) {
          warnings.push({
            message: `${module} ${version}: not a canonical module version; the go command resolves it when it next runs`,
            line: lineNo,
          });
        }
        requires.push({ module, version, line: lineNo, indirect: isIndirect(comment) });
        return;
      }
      case 'replace': {
        const arrow = fields.indexOf('=>');
        if (arrow !== 1 && arrow !== 2)
          fail(
            lineNo,
            `replace needs "module [version] => target [version]", got ${JSON.stringify(fields.join(' '))}`,
          );
        const target = fields.slice(arrow + 1);
        const local = target.length === 1 && isLocalPath(target[0]!);
        if (!(local || (target.length === 2 && !isLocalPath(target[0]!))))
          fail(
            lineNo,
            target.length === 1
              ? `replacement ${JSON.stringify(target[0])} has no version and is not a local directory (./ or ../)`
              : `replace target must be a module and a version, or a local directory, got ${JSON.stringify(target.join(' '))}`,
          );
        const key = arrow === 2 ? `${fields[0]!}@${fields[1]!}` : fields[0]!;
        const replacement: Replacement = {
          module: target[0]!,
          version: local ? '' : target[1]!,
          line: lineNo,
        };
        const earlier = replaces.get(key);
        if (
          earlier !== undefined &&
          (earlier.module !== replacement.module || earlier.version !== replacement.version)
        )
          fail(
            lineNo,
            `conflicting replacements for ${key.replace('@', ' ')} (the first is on line ${earlier.line})`,
          );
        replaces.set(key, replacement);
        return;
      }
      case 'exclude': {
        if (fields.length !== 2)
          fail(lineNo, `exclude needs a module path and a version, got ${JSON.stringify(fields.join(' '))}`);
        excluded.add(`${fields[0]!}@${fields[1]!}`);
        warnings.push({ message: `exclude ${fields.join(' ')}: that version is never used`, line: lineNo });
        return;
      }
      case 'go':
        if (fields.length !== 1)
          fail(lineNo, `go needs one version, got ${JSON.stringify(fields.join(' '))}`);
        goVersion = fields[0];
        return;
      case 'module':
        if (fields.length !== 1)
          fail(lineNo, `module needs one path, got ${JSON.stringify(fields.join(' '))}`);
        return;
      default:
        // toolchain, godebug, retract, tool, ignore: nothing the build downloads is named here.
        return;
    }
  }

  const packages = requires.map((r): LockfilePackage => {
    const pkg: LockfilePackage = {
      ecosystem: 'gomod',
      name: r.module,
      version: r.version,
      line: r.line,
      source: 'registry',
      direct: !r.indirect,
    };
    if (excluded.has(`${r.module}@${r.version}`)) {
      warnings.push({
        message: `${r.module} ${r.version} is required but excluded: the go command uses the next higher version`,
        line: r.line,
      });
    }
    const replacement = replaces.get(`${r.module}@${r.version}`) ?? replaces.get(r.module);
    if (replacement === undefined) return pkg;
    if (replacement.version === '') {
      pkg.source = 'path';
      pkg.version = '';
      pkg.resolved = replacement.module;
      return pkg;
    }
    if (replacement.module !== r.module) {
      pkg.name = replacement.module;
      pkg.alias = r.module;
    }
    pkg.version = replacement.version;
    return pkg;
  });
  warnings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  if (packages.length > 0 && (goVersion === undefined || goVersionBefore117(goVersion))) {
    warnings.unshift({
      message: `${goVersion === undefined ? 'no go directive (read as go 1.16)' : `go ${goVersion}`}: before go 1.17 a go.mod may leave out indirect requirements, which go.sum then holds`,
    });
  }
  return {
    ecosystem: 'gomod',
    format: goVersion === undefined ? 'go.mod' : `go.mod@${goVersion}`,
    packages,
    warnings,
  };
}

/** Go's rule: the line's own trailing comment is `// indirect` or starts with `// indirect;`. */
function isIndirect(comment: string | undefined): boolean {
  if (comment === undefined) return false;
  const body = comment.slice(2).trim();
  return body === 'indirect' || body.startsWith('indirect;');
}

/** modfile.IsDirectoryPath: a replacement without a version must be a local directory. */
function isLocalPath(target: string): boolean {
  return (
    target === '.' ||
    target === '..' ||
    /^\.\.?[/\\]/.test(target) ||
    target.startsWith('/') ||
    target.startsWith('\\') ||
    /^[A-Za-z]:[/\\]/.test(target)
  );
}

function goVersionBefore117(version: string): boolean {
  const match = /^(\d+)\.(\d+)/.exec(version);
  if (match === null) return false;
  const major = Number(match[1]);
  return major < 1 || (major === 1 && Number(match[2]) < 17);
}

const PUNCT = new Set(['(', ')', '[', ']', '{', '}', ',']);

/**
 * The tokens of one line as the go command's lexer sees them: `//` starts a comment outside strings,
 * `"..."` strings take Go escapes, `` `...` `` strings are raw, and `( ) [ ] { } ,` stand alone.
 */
function goModTokens(path: string, raw: string, lineNo: number): { tokens: Token[]; comment?: string } {
  const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t' || c === '\v' || c === '\f') {
      i++;
    } else if (c === '/' && line[i + 1] === '/') {
      return { tokens, comment: line.slice(i).trimEnd() };
    } else if (PUNCT.has(c)) {
      tokens.push({ text: c, punct: true });
      i++;
    } else if (c === '"') {
      let end = i + 1;
      while (end < line.length && line[end] !== '"') end += line[end] === '\\' ? 2 : 1;
      if (end >= line.length)
        throw new LockfileError(path, 'unterminated quoted string', { line: lineNo, column: i + 1 });
      tokens.push({ text: unquoteGo(path, line.slice(i, end + 1), lineNo, i + 1), punct: false });
      i = end + 1;
    } else if (c === '`') {
      const end = line.indexOf('`', i + 1);
      if (end === -1)
        throw new LockfileError(path, 'unterminated raw string', { line: lineNo, column: i + 1 });
      tokens.push({ text: line.slice(i + 1, end), punct: false });
      i = end + 1;
    } else {
      let end = i;
      while (end < line.length) {
        const d = line[end]!;
        if (d === ' ' || d === '\t' || d === '\v' || d === '\f' || d === '"' || d === '`' || PUNCT.has(d))
          break;
        if (d === '/' && line[end + 1] === '/') break;
        end++;
      }
      tokens.push({ text: line.slice(i, end), punct: false });
      i = end;
    }
  }
  return { tokens };
}

/** A Go interpreted string literal; escapes beyond JSON's (`\a`, `\x41`, octal) are refused with the column. */
function unquoteGo(path: string, literal: string, line: number, column: number): string {
  try {
    const value: unknown = JSON.parse(literal.replace(/\\'/g, "'"));
    if (typeof value === 'string') return value;
  } catch {
    // reported below
  }
  throw new LockfileError(path, `unsupported escape in quoted string ${literal}`, { line, column });
}

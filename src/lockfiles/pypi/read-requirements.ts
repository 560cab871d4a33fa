import { LockfileError } from '../errors.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type {
  LockfileInclude,
  LockfilePackage,
  LockfileResult,
  LockfileWarning,
  PackageSource,
} from '../types.js';

/** A PEP 508 name: letters and digits, with `.`, `_` and `-` inside. */
const NAME = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)/;
/** A PEP 440 specifier clause: `==1.2.*`, `>= 2.8.1`, `===anything`. */
const CLAUSE = /^(~=|===|==|!=|<=|>=|<|>)\s*(\S+)$/;
const VERSION_CHARS = /^[A-Za-z0-9._+!*-]+$/;
/** A comment: `#` at the start of a line or after whitespace (`#egg=` in a URL is not one). */
const COMMENT = /(?:^|\s)#(.*)$/;
const VCS = /^(git|hg|svn|bzr)\+/i;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const ARCHIVE = /\.(whl|zip|tar\.gz|tgz|tar\.bz2|tbz|tar\.xz|txz|tar)$/i;

/** Options pip accepts on a line of their own, besides -r, -c and -e: read and ignored. */
const GLOBAL_OPTIONS = new Set([
  '-i',
  '--index-url',
  '--extra-index-url',
  '--no-index',
  '-f',
  '--find-links',
  '--no-binary',
  '--only-binary',
  '--prefer-binary',
  '--require-hashes',
  '--pre',
  '--trusted-host',
  '--use-feature',
]);
/** Options that belong after a requirement on its line, not on a line of their own. */
const REQUIREMENT_OPTIONS = new Set([
  '--hash',
  '--global-option',
  '--install-option',
  '--config-settings',
  '-C',
]);

type Parsed =
  | { kind: 'package'; pkg: LockfilePackage; warning?: string }
  | { kind: 'skip' }
  /** A valid line that still names no package (a URL without a name): a warning, not a failure. */
  | { kind: 'nameless'; reason: string }
  | { kind: 'unreadable'; reason: string };

/**
 * requirements*.txt (and `*.txt` under a `requirements/` folder), read as pip reads it, without
 * following includes or expanding environment variables.
 *
 * - `name==1.2.3` and `name===1.2.3` are pinned (extras, markers and per-requirement options such as
 *   `--hash` are allowed; `\` continues a line, and the line is that of the requirement's first line).
 * - `name`, `name>=1`, `name~=1.0`, `name==1.*` are listed with `unpinned: true`, `version: ''` and the
 *   `specifier` as written; so is a version taken from an environment variable (`==${VERSION}`), with a
 *   warning.
 * - `-r`/`--requirement` and `-c`/`--constraint` are reported in `includes`, not followed.
 * - VCS requirements (`git+https://...#egg=name`, editable or not) are `git`, URLs are `url`, local paths
 *   and `file:` URLs are `path`; the name comes from `name @ url`, `#egg=name`, a wheel or sdist file
 *   name (which also gives the version), or the repository or folder name. `.` (as in `-e .[extra]`)
 *   is the project itself: not listed, and said in a warning.
 * - Other option lines (`--index-url`, `--find-links`, ...) are ignored.
 * - pip-compile's `# via` annotations tell direct requirements (via `-r file` or the project's
 *   `pyproject.toml`/`setup.py`/`setup.cfg`) from the rest; without them `direct` is left unset, since a
 *   frozen requirements file lists transitive packages too.
 *
 * A line that is no requirement (pip would refuse the file) is a warning with its line and what is wrong,
 * never its text: a file that is not a requirements file (a `.env` by mistake) may hold secrets. When such lines
 * outnumber the lines that read, the file is not a requirements file, and that is a LockfileError at
 * the first of them. Names are kept as written; others compare them PEP 503-normalised.
 */
export function readRequirements(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const packages: LockfilePackage[] = [];
  const warnings: LockfileWarning[] = [];
  const includes: LockfileInclude[] = [];
  const unreadable: LockfileWarning[] = [];
  let understood = 0;
  // pip-compile annotations: the package they follow, and its `via` entries.
  const via = new Map<LockfilePackage, string[]>();
  let annotating: LockfilePackage | undefined;
  let inVia = false;

  const physical = text.split('\n');
  for (let i = 0; i < physical.length; i++) {
    const lineNo = i + 1;
    let logical = stripCr(physical[i]!);
    if (/^\s*#/.test(logical)) {
      const annotation = /^\s*#\s*via\b\s*(.*)$/.exec(logical);
      if (annotating !== undefined && annotation !== null) {
        inVia = true;
        via.get(annotating)!.push(...splitVia(annotation[1]!));
      } else if (annotating !== undefined && inVia && /^\s+#\s+\S/.test(logical)) {
        via.get(annotating)!.push(...splitVia(logical.replace(/^\s*#\s*/, '')));
      } else {
        inVia = false;
      }
      continue;
    }
    // pip joins a line ending in `\` with the next, unless the next is a comment line.
    while (logical.endsWith('\\')) {
      logical = logical.slice(0, -1);
      const next = physical[i + 1];
      if (next === undefined) break;
      i++;
      if (/^\s*#/.test(next)) break;
      logical += stripCr(next);
    }
    const comment = COMMENT.exec(logical);
    const content = (comment === null ? logical : logical.slice(0, comment.index)).trim();
    annotating = undefined;
    inVia = false;
    if (content === '') continue;

    const parsed = content.startsWith('-')
      ? readOptionLine(content, lineNo, includes)
      : readRequirementLine(content, lineNo, false);
    if (parsed.kind === 'unreadable') {
      const warning = { message: parsed.reason, line: lineNo };
      warnings.push(warning);
      unreadable.push(warning);
      continue;
    }
    understood++;
    if (parsed.kind === 'nameless') warnings.push({ message: parsed.reason, line: lineNo });
    if (parsed.kind === 'skip' || parsed.kind === 'nameless') continue;
    packages.push(parsed.pkg);
    if (parsed.warning !== undefined) warnings.push({ message: parsed.warning, line: lineNo });
    annotating = parsed.pkg;
    via.set(parsed.pkg, []);
    // The old pip-compile style: `name==1.0    # via other`.
    const inline = comment === null ? null : /^\s*via\s+(.*)$/.exec(comment[1]!);
    if (inline !== null) via.get(parsed.pkg)!.push(...splitVia(inline[1]!));
  }

  const first = unreadable[0];
  if (first !== undefined && unreadable.length > understood) {
    const what =
      understood === 0
        ? 'no requirement could be read'
        : `not a requirements file: ${unreadable.length} of ${unreadable.length + understood} lines are not requirements`;
    throw new LockfileError(path, `${what}; the first: ${first.message}`, { line: first.line });
  }
  if ([...via.values()].some((entries) => entries.length > 0)) {
    for (const [pkg, entries] of via) if (entries.length > 0) pkg.direct = entries.some(isDirectVia);
  }
  return { ecosystem: 'pypi', format: 'requirements', packages, warnings, includes };
}

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

function splitVia(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** pip-compile names a direct requirement's origin: `-r requirements.in`, or `app (pyproject.toml)`. */
function isDirectVia(entry: string): boolean {
  return /^-r\s/.test(entry) || /\((pyproject\.toml|setup\.py|setup\.cfg)\)$/.test(entry);
}

/** An option line: an include, an editable requirement, an option to ignore, or an unknown option. */
function readOptionLine(content: string, line: number, includes: LockfileInclude[]): Parsed {
  let name: string;
  let value: string;
  if (content.startsWith('--')) {
    const match = /^(--[A-Za-z0-9][\w-]*)(?:=|\s+|$)(.*)$/.exec(content);
    if (match === null) return { kind: 'unreadable', reason: 'a line starting with `--` that is no option' };
    name = match[1]!;
    value = match[2]!.trim();
  } else {
    // A short option takes its value attached or after a space: `-rbase.txt`, `-r base.txt`.
    name = content.slice(0, 2);
    value = content.slice(2).trim();
  }
  if (name === '-r' || name === '--requirement' || name === '-c' || name === '--constraint') {
    if (value === '') return { kind: 'unreadable', reason: `${name} without a file name` };
    const kind = name === '-c' || name === '--constraint' ? 'constraints' : 'requirements';
    includes.push({ path: value.split(/\s+/)[0]!, line, kind });
    return { kind: 'skip' };
  }
  if (name === '-e' || name === '--editable') {
    if (value === '') return { kind: 'unreadable', reason: `${name} without a path or URL` };
    return readRequirementLine(value, line, true);
  }
  if (GLOBAL_OPTIONS.has(name)) return { kind: 'skip' };
  if (REQUIREMENT_OPTIONS.has(name))
    return { kind: 'unreadable', reason: `${name} belongs after a requirement on the same line` };
  return { kind: 'unreadable', reason: 'an option pip does not know' };
}

/** A requirement with any per-requirement options (`--hash=...`) after it. */
function readRequirementLine(content: string, line: number, editable: boolean): Parsed {
  // pip takes the words before the first one that starts with `-` as the requirement.
  const words = content.split(/\s+/);
  const optionAt = words.findIndex((word) => word.startsWith('-'));
  const requirement = (optionAt === -1 ? words : words.slice(0, optionAt)).join(' ');
  if (requirement === '') return { kind: 'unreadable', reason: 'options with no requirement before them' };

  const reference = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[[^\]]*\])?\s*@\s*(\S+)/.exec(
    requirement,
  );
  if (reference !== null) return located(reference[2]!, reference[1], line);
  if (SCHEME.test(requirement) || VCS.test(requirement) || looksLikePath(requirement))
    return located(requirement.split(/;\s/)[0]!.trim(), undefined, line);
  if (editable)
    return {
      kind: 'unreadable',
      reason: 'an editable requirement (-e) that is not a path or URL',
    };
  return named(requirement, line);
}

function looksLikePath(requirement: string): boolean {
  const first = requirement.split(/[\s;]/)[0]!;
  return /^(\.|~|\/|[A-Za-z]:[\\/])/.test(first) || /[\\/]/.test(first) || ARCHIVE.test(first);
}

/** `name [extras] specifiers ; marker`. */
function named(requirement: string, line: number): Parsed {
  const nameMatch = NAME.exec(requirement);
  if (nameMatch === null)
    return { kind: 'unreadable', reason: 'not a requirement: it does not start with a package name' };
  const name = nameMatch[1]!;
  let rest = requirement.slice(name.length).trim();
  const extras = /^\[[^\]]*\]/.exec(rest);
  if (extras !== null) rest = rest.slice(extras[0].length).trim();
  const markerAt = rest.indexOf(';');
  let specifier = (markerAt === -1 ? rest : rest.slice(0, markerAt)).trim();
  if (specifier.startsWith('(') && specifier.endsWith(')')) specifier = specifier.slice(1, -1).trim();
  const base: LockfilePackage = { ecosystem: 'pypi', name, version: '', line, source: 'registry' };
  if (specifier === '') return { kind: 'package', pkg: { ...base, unpinned: true, specifier } };
  if (specifier.includes('${')) {
    // pip substitutes ${VAR} from the environment when it installs; the version is unknown here.
    return {
      kind: 'package',
      pkg: { ...base, unpinned: true, specifier },
      warning: `${name}: the version ${quote(specifier)} comes from an environment variable`,
    };
  }
  const clauses = specifier.split(',').map((clause) => CLAUSE.exec(clause.trim()));
  for (const clause of clauses) {
    if (clause === null || (clause[1] !== '===' && !VERSION_CHARS.test(clause[2]!)))
      return {
        kind: 'unreadable',
        reason: 'not a requirement: what follows the name is no version specifier (==, >=, ~=, ...)',
      };
  }
  const only = clauses.length === 1 ? clauses[0] : undefined;
  if (
    only !== undefined &&
    only !== null &&
    (only[1] === '===' || (only[1] === '==' && !only[2]!.includes('*')))
  )
    return { kind: 'package', pkg: { ...base, version: only[2]! } };
  return { kind: 'package', pkg: { ...base, unpinned: true, specifier } };
}

/** A requirement by location: a VCS URL, an archive or project URL, or a local path. */
function located(target: string, givenName: string | undefined, line: number): Parsed {
  const withoutExtras = target.replace(/\[[^\]]*\]$/, '');
  const source: PackageSource = VCS.test(withoutExtras)
    ? 'git'
    : /^file:/i.test(withoutExtras)
      ? 'path'
      : SCHEME.test(withoutExtras)
        ? 'url'
        : 'path';
  // `.`, `-e .[socks]`: the project itself, not a dependency; said, not listed.
  if (givenName === undefined && /^\.[\\/]?$/.test(withoutExtras))
    return {
      kind: 'nameless',
      reason: `${quote(target)} is the project in this folder itself: not a dependency, not listed`,
    };
  const location = withoutExtras.replace(/[#?].*$/, '');
  const egg = /[#&]egg=([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)/.exec(withoutExtras);
  const archive = archiveName(location.split(/[\\/]/).pop() ?? '');
  let name = givenName ?? egg?.[1] ?? archive?.name;
  if (name === undefined && (source === 'git' || source === 'path')) {
    // A repository or project folder: its last path segment, without `.git` or `@ref`.
    const last =
      location
        .replace(/[\\/]+$/, '')
        .split(/[\\/]/)
        .pop() ?? '';
    const guess = last.replace(/@.*$/, '').replace(/\.git$/, '');
    if (NAME.exec(guess)?.[1] === guess) name = guess;
  }
  if (name === undefined)
    return {
      kind: 'nameless',
      reason: `cannot tell the package name of ${quote(target)}; write it as \`name @ url\` or add #egg=name`,
    };
  // An archive's file name gives the version, when it is the archive of this package.
  const fromArchive =
    source !== 'git' && archive !== undefined && normalize(archive.name) === normalize(name);
  const pkg: LockfilePackage = {
    ecosystem: 'pypi',
    name,
    version: fromArchive ? archive.version : '',
    line,
    source,
    resolved: target,
  };
  if (pkg.version === '') pkg.unpinned = true;
  return { kind: 'package', pkg };
}

/** The name and version in a wheel (`name-1.0-py3-none-any.whl`) or sdist (`name-1.0.tar.gz`) file name. */
function archiveName(file: string): { name: string; version: string } | undefined {
  const wheel = /^([^-]+)-([^-]+)(?:-[^-]+)?-[^-]+-[^-]+-[^-]+\.whl$/i.exec(file);
  if (wheel !== null) return { name: wheel[1]!, version: wheel[2]! };
  const sdist = /^(.+?)-(\d[^-]*?)\.(zip|tar\.gz|tgz|tar\.bz2|tbz|tar\.xz|txz|tar)$/i.exec(file);
  if (sdist !== null) return { name: sdist[1]!, version: sdist[2]! };
  return undefined;
}

/** PEP 503 normalisation, only to tell whether an archive's file name is this package's. */
function normalize(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

function quote(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
}

import { LockfileError } from '../errors.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type { LockfilePackage, LockfileResult, LockfileWarning, ReadOptions } from '../types.js';

/** Sections whose entries depgate reports: NuGet packages, and files or repositories from git hosts. */
const SOURCES = new Set(['NUGET', 'GITHUB', 'GIT', 'HTTP']);

/** `Name (1.2.3)`, optionally followed by settings (` - restriction: >= net45`). */
const ENTRY = /^(\S+) \(([^()]*)\)(?:\s+-\s.*)?$/;

/**
 * Paket's `paket.lock`: every resolved entry, at its line, group by group (`GROUP Build` starts a group;
 * the lines before the first are the `Main` group).
 *
 * `NUGET` entries (`    Name (1.2.3)` under a `remote:`) are `registry` packages; their dependency lines
 * (`      Other (>= 1.0)`) are the edges (`{ edges: true }`), resolved by name (case-insensitive, as NuGet
 * ids are) within the group. `GITHUB` and `GIT` entries are `git`, with the remote and commit or version
 * in `resolved`; `HTTP` entries are `url`. A package resolved in two groups is reported in each (each
 * group is restored on its own). The file does not say which packages are direct (paket.dependencies
 * does), so `direct` is left unset. Options (`STORAGE: NONE`, `RESTRICTION: ...`) add nothing.
 *
 * A first line that is no paket.lock keyword, or an entry that is not `Name (version)`, is a
 * LockfileError at its line. Format: `paket-lock`.
 */
export function readPaketLock(path: string, rawText: string, options: ReadOptions = {}): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const packages: LockfilePackage[] = [];
  const warnings: LockfileWarning[] = [];
  const wants: string[][] = [];
  const groupOf: string[] = [];
  let group = 'Main';
  let section: string | undefined;
  let remote: string | undefined;
  let entryIndent = -1;
  let current: number | undefined;
  let seenKeyword = false;

  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i]!.replace(/\r$/, '');
    if (raw.trim() === '') continue;
    const indent = raw.length - raw.trimStart().length;
    const content = raw.trim();
    if (indent === 0) {
      const keyword = /^([A-Z][A-Z-]*)(?::\s*(.*)|\s+(.*))?$/.exec(content);
      if (keyword === null)
        throw new LockfileError(
          path,
          seenKeyword
            ? `${JSON.stringify(short(content))} is no paket.lock section (NUGET, GITHUB, GIT, HTTP, GROUP) or option`
            : 'not a paket.lock: it starts with no section (NUGET, GITHUB, GIT, HTTP, GROUP) or option',
          { line: lineNo },
        );
      seenKeyword = true;
      const word = keyword[1]!;
      if (word === 'GROUP') {
        group = (keyword[3] ?? keyword[2] ?? '').trim() || group;
        section = undefined;
      } else if (SOURCES.has(word) && keyword[2] === undefined) {
        section = word;
      } else section = undefined; // an option: STORAGE: NONE, RESTRICTION: ..., REFERENCES: STRICT
      remote = undefined;
      entryIndent = -1;
      current = undefined;
      continue;
    }
    if (!seenKeyword)
      throw new LockfileError(
        path,
        'not a paket.lock: it starts with no section (NUGET, GITHUB, GIT, HTTP, GROUP) or option',
        {
          line: lineNo,
        },
      );
    if (section === undefined) continue;
    const remoteLine = /^remote:\s*(.*)$/.exec(content);
    if (remoteLine !== null) {
      remote = remoteLine[1]!.trim();
      entryIndent = -1;
      current = undefined;
      continue;
    }
    if (/^[a-z-]+:/.test(content)) continue; // a setting of the remote or section (specs:, ...)
    if (entryIndent === -1) entryIndent = indent;
    if (indent > entryIndent) {
      // A dependency of the entry above: `Other (>= 1.0)`, maybe with settings.
      if (current !== undefined && section === 'NUGET') wants[current]!.push(content.split(/\s+/)[0]!);
      continue;
    }
    const entry = ENTRY.exec(content);
    if (entry === null)
      throw new LockfileError(
        path,
        `${section} entry ${JSON.stringify(short(content))} is not "Name (version)"`,
        {
          line: lineNo,
        },
      );
    const name = entry[1]!;
    const version = entry[2]!.trim();
    const pkg: LockfilePackage = { ecosystem: 'nuget', name, version, line: lineNo, source: 'registry' };
    if (section === 'GITHUB') {
      pkg.source = 'git';
      pkg.resolved = `https://github.com/${remote ?? name}#${version}`;
    } else if (section === 'GIT') {
      pkg.source = 'git';
      pkg.resolved = `${remote ?? name}#${version}`;
    } else if (section === 'HTTP') {
      pkg.source = 'url';
      pkg.resolved = remote ?? name;
    }
    current = packages.length;
    packages.push(pkg);
    wants.push([]);
    groupOf.push(group);
  }

  const result: LockfileResult = { ecosystem: 'nuget', format: 'paket-lock', packages, warnings };
  if (options.edges === true) {
    const index = new Map<string, number>();
    packages.forEach((pkg, i) => {
      if (pkg.source !== 'registry') return;
      const key = `${groupOf[i]}\u0000${pkg.name.toLowerCase()}`;
      if (!index.has(key)) index.set(key, i);
    });
    result.dependencies = wants.map((names, from) => {
      const out: number[] = [];
      for (const name of names) {
        const to = index.get(`${groupOf[from]}\u0000${name.toLowerCase()}`);
        if (to === undefined)
          warnings.push({
            message: `${packages[from]!.name} depends on ${name}, which group ${groupOf[from]} does not resolve`,
            line: packages[from]!.line,
          });
        else if (!out.includes(to)) out.push(to);
      }
      return out;
    });
  }
  return result;
}

function short(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

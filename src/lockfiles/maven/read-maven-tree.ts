import { LockfileError } from '../errors.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type { LockfilePackage, LockfileResult, LockfileWarning } from '../types.js';

const SCOPES = new Set(['compile', 'provided', 'runtime', 'test', 'system', 'import']);

/** A Maven log level prefix, as `mvn` prints it (`[INFO] `, `[WARNING] `). */
const LOG_PREFIX = /^\[(INFO|WARNING|WARN|ERROR|DEBUG)\](?: |$)/;

/** ANSI colour codes that `mvn` writes when its output goes to a terminal (`-Dstyle.color=always`). */
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** One part of a coordinate: no blanks, no colons, not empty. */
const PART = /^[^\s:]+$/;

/** The other `-DoutputType`s of the plugin, recognised only to say what to run instead. */
const OTHER_OUTPUT_TYPES: readonly (readonly [RegExp, string])[] = [
  [/^\s*\{/, 'JSON'],
  [/^\s*digraph\b/, 'DOT'],
  [/^\s*<(\?xml|graphml)/, 'GraphML'],
  [/^\d+ [^\s:]+:[^\s:]+:/, 'TGF'],
];

interface Module {
  name: string;
  version: string;
  line: number;
}

/**
 * The text output of `mvn dependency:tree` (maven-dependency-plugin), as written with
 * `-DoutputFile=maven_dep_tree.txt` or captured from the console with its `[INFO] ` prefixes. Several
 * modules of a reactor build give several trees, one after the other.
 *
 * Each tree starts with the module itself (`group:artifact:packaging:version`), which is not a
 * dependency; below it, `+- ` and `\- ` entries indented by `|  ` or three spaces per level:
 * `group:artifact:type[:classifier]:version:scope`, then annotations such as `(optional)`,
 * `(version managed from 1.0)` or `(scope not updated to compile)`. Depth 1 is direct. Scope
 * `test` is dev; scope `system` (a jar from the file system) is source `path`. An entry that is another
 * module of the same file, or a `-SNAPSHOT` of the module's own group and version (a sibling module of
 * the same build), is source `workspace`. Verbose-mode entries in parentheses (`(g:a:jar:1:compile
 * - omitted for duplicate)`) were not resolved into the build and are skipped. Each module keeps its own
 * entries, so an artifact used by two modules is listed twice, at two lines.
 */
export function readMavenDepTree(path: string, rawText: string): LockfileResult {
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const other = OTHER_OUTPUT_TYPES.find(([pattern]) => pattern.test(text));
  if (other !== undefined) {
    throw new LockfileError(
      path,
      `this is the ${other[1]} output of dependency:tree; depgate reads its text output (-DoutputType=text, the default)`,
      { line: 1 },
    );
  }
  // Console output carries log prefixes (coloured on a terminal); a file written by the plugin has
  // none, and then every line must belong to a tree.
  const logged = /^\[(?:INFO|WARNING|WARN|ERROR|DEBUG)\]/m.test(text) || text.includes('\u001b[');
  const packages: LockfilePackage[] = [];
  const warnings: LockfileWarning[] = [];
  const modules: Module[] = [];
  // The module each entry of `packages` belongs to.
  const owners: Module[] = [];
  let current: Module | undefined;
  let depth = 0;
  let start = 0;
  let lineNo = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    lineNo++;
    let line = text.slice(start, end);
    start = end + 1;
    if (line.includes('\u001b')) line = line.replace(ANSI, '');
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (logged) {
      const prefix = LOG_PREFIX.exec(line);
      // Only `[INFO]` lines hold the tree; warnings, errors and unprefixed download progress do not.
      if (prefix === null || prefix[1] !== 'INFO') continue;
      line = line.slice(prefix[0].length);
    }
    if (line.trim() === '') continue;
    const glyph = treePrefix(line);
    if (glyph === undefined) {
      const root = parseRoot(line);
      if (root === undefined) {
        if (logged) continue; // build log: `Building x 1.0`, `BUILD SUCCESS`, separators
        throw new LockfileError(
          path,
          'not a dependency:tree line (expected group:artifact:packaging:version or a +- / \\- entry)',
          { line: lineNo },
        );
      }
      current = { ...root, line: lineNo };
      modules.push(current);
      depth = 0;
      continue;
    }
    if (current === undefined) {
      throw new LockfileError(path, 'a dependency entry before any project line', { line: lineNo });
    }
    if (glyph.depth > depth + 1) {
      throw new LockfileError(
        path,
        `entry nested ${glyph.depth} levels deep under an entry of depth ${depth}`,
        {
          line: lineNo,
        },
      );
    }
    depth = glyph.depth;
    const body = line.slice(glyph.length);
    // Verbose mode shows entries Maven left out of the build in parentheses.
    if (body.startsWith('(')) continue;
    const entry = parseEntry(body);
    if (typeof entry === 'string') throw new LockfileError(path, entry, { line: lineNo });
    const pkg: LockfilePackage = {
      ecosystem: 'maven',
      name: entry.name,
      version: entry.version,
      line: lineNo,
      source: entry.scope === 'system' ? 'path' : 'registry',
      direct: glyph.depth === 1,
      dev: entry.scope === 'test',
    };
    if (entry.optional) pkg.optional = true;
    packages.push(pkg);
    owners.push(current);
  }
  if (modules.length === 0) {
    throw new LockfileError(
      path,
      text.trim() === ''
        ? 'empty file: not a dependency:tree output (it starts with the project line)'
        : 'not a dependency:tree output: no project line (group:artifact:packaging:version) found',
      { line: 1 },
    );
  }
  const local = new Set(modules.map((m) => `${m.name}@${m.version}`));
  packages.forEach((pkg, i) => {
    if (pkg.source !== 'registry') return;
    const module = owners[i]!;
    // A snapshot of the module's own group and version can only be a sibling module of the same build.
    const sibling =
      pkg.version === module.version &&
      pkg.version.endsWith('-SNAPSHOT') &&
      pkg.name.slice(0, pkg.name.indexOf(':')) === module.name.slice(0, module.name.indexOf(':'));
    if (sibling || local.has(`${pkg.name}@${pkg.version}`)) pkg.source = 'workspace';
  });
  return { ecosystem: 'maven', format: 'maven-dep-tree', packages, warnings };
}

/** The depth and length of a tree line's indentation and branch glyph, or undefined for other lines. */
function treePrefix(line: string): { depth: number; length: number } | undefined {
  let i = 0;
  let depth = 1;
  for (;;) {
    const three = line.slice(i, i + 3);
    if (three === '+- ' || three === '\\- ') return { depth, length: i + 3 };
    if (three !== '|  ' && three !== '   ') return undefined;
    i += 3;
    depth++;
  }
}

function parseRoot(line: string): { name: string; version: string } | undefined {
  const parts = line.trim().split(':');
  // group:artifact:packaging:version, or with a classifier before the version.
  if ((parts.length !== 4 && parts.length !== 5) || !parts.every((p) => PART.test(p))) return undefined;
  return { name: `${parts[0]}:${parts[1]}`, version: parts[parts.length - 1]! };
}

/** Reads `group:artifact:type[:classifier]:version:scope` and its annotations, or says what is wrong. */
function parseEntry(
  body: string,
): { name: string; version: string; scope: string; optional: boolean } | string {
  const space = body.indexOf(' ');
  const coordinates = space === -1 ? body : body.slice(0, space);
  const annotations = space === -1 ? '' : body.slice(space + 1);
  const parts = coordinates.split(':');
  if ((parts.length !== 5 && parts.length !== 6) || !parts.every((p) => PART.test(p))) {
    return `not a dependency coordinate: ${JSON.stringify(coordinates.slice(0, 80))} (expected group:artifact:type[:classifier]:version:scope)`;
  }
  const scope = parts[parts.length - 1]!;
  if (!SCOPES.has(scope)) return `unknown scope ${JSON.stringify(scope)} in ${coordinates}`;
  return {
    name: `${parts[0]}:${parts[1]}`,
    version: parts[parts.length - 2]!,
    scope,
    optional: /(^|\s)\(optional\)/.test(annotations),
  };
}

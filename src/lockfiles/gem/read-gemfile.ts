import { joinHashes } from '../file-hashes.js';
import { LockfileError } from '../errors.js';
import { assertNoConflictMarkers, stripBom } from '../syntax/text.js';
import type {
  LockfilePackage,
  LockfileResult,
  LockfileWarning,
  PackageSource,
  ReadOptions,
} from '../types.js';

/** Sections whose `specs:` list resolved gems. */
const SOURCE_SECTIONS = new Set(['GEM', 'GIT', 'PATH', 'PLUGIN SOURCE']);
/** Sections Bundler writes that list no gems of their own (CHECKSUMS repeats the specs with hashes). */
const OTHER_SECTIONS = new Set(['PLATFORMS', 'DEPENDENCIES', 'RUBY VERSION', 'BUNDLED WITH', 'CHECKSUMS']);

/** A CHECKSUMS line: a spec, then its checksums (`sha256=<hex>`, comma-separated) when known. */
const CHECKSUM = /^([^\s(]+) \(([^-)\s]+)(?:-([^)\s]+))?\)(?: (\S+))?$/;

/** Bundler's own split of a spec line: the version runs to the first `-`, the platform follows. */
const SPEC = /^([^\s(]+) \(([^-)\s]+)(?:-([^)\s]+))?\)$/;

interface Source {
  kind: PackageSource;
  remote: string;
  revision: string;
  /** PATH `.`: the project's own gems (a `gemspec` Gemfile), not dependencies. */
  own: boolean;
}

/**
 * Gemfile.lock and gems.locked: the specs of every GEM, GIT, PATH and PLUGIN SOURCE section, in file
 * order, at the line of the spec (`    name (version)`). Six-space lines under a spec are its
 * requirements, not packages.
 *
 * Versions lose their platform tail as Bundler splits them (`1.13.0-x86_64-linux` -> `1.13.0`), and
 * the platform variants of one gem version in one source are one entry, at the first variant's line.
 * GEM specs are `registry`; GIT specs are `git` with `resolved` = `remote@revision`; PATH specs are
 * `path` with the directory as `resolved`, except PATH `.`, which holds the project's own gems (from a
 * `gemspec` line): those are not listed, and their requirements count as direct; PLUGIN SOURCE specs are `url` with the plugin's remote as `resolved`. Direct: named under
 * DEPENDENCIES (`name!` there means pinned to a GIT or PATH source).
 *
 * Unknown sections are skipped with a warning (Bundler adds sections over time). Format:
 * `gemfile-lock@<BUNDLED WITH>` (`gemfile-lock` without it).
 */
export function readGemfileLock(path: string, rawText: string, options: ReadOptions = {}): LockfileResult {
  const sources = options.sources === true;
  // CHECKSUMS (Bundler 2.6+): `  name (version[-platform]) sha256=<hex>`, by name and version.
  const checksums = new Map<string, string[]>();
  const text = stripBom(rawText);
  assertNoConflictMarkers(path, text);
  const packages: LockfilePackage[] = [];
  const warnings: LockfileWarning[] = [];
  const seen = new Set<string>();
  const direct = new Set<string>();
  let sawDependencies = false;
  let sawKnownSection = false;
  let section: string | undefined;
  let source: Source | undefined;
  let inSpecs = false;
  let bundledWith: string | undefined;

  function fail(line: number, reason: string): never {
    throw new LockfileError(path, reason, { line });
  }

  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i]!;
    const end = raw.charCodeAt(raw.length - 1) === 13 ? raw.length - 1 : raw.length;
    let indent = 0;
    while (indent < end && raw.charCodeAt(indent) === 32) indent++;
    if (indent === end) continue;
    // A spec's requirement, the commonest line of all, is passed over before any other work.
    if (indent === 6 && inSpecs && source !== undefined && !source.own) continue;
    const body = raw.slice(indent, end);
    if (body.trim() === '') continue;

    if (indent === 0) {
      if (!/^[A-Z][A-Z ]*$/.test(body))
        fail(
          lineNo,
          `expected a section name (GEM, GIT, PATH, DEPENDENCIES, ...), got ${JSON.stringify(body)}: not a Gemfile.lock`,
        );
      section = body;
      inSpecs = false;
      source = undefined;
      if (SOURCE_SECTIONS.has(body)) {
        sawKnownSection = true;
        const kind: PackageSource =
          body === 'GIT' ? 'git' : body === 'PATH' ? 'path' : body === 'PLUGIN SOURCE' ? 'url' : 'registry';
        source = { kind, remote: '', revision: '', own: false };
      } else if (OTHER_SECTIONS.has(body)) {
        sawKnownSection = true;
        if (body === 'DEPENDENCIES') sawDependencies = true;
      } else {
        warnings.push({ message: `unknown section ${body}: skipped`, line: lineNo });
      }
      continue;
    }
    if (section === undefined) fail(lineNo, 'indented line before any section: not a Gemfile.lock');

    if (section === 'DEPENDENCIES') {
      if (indent !== 2) fail(lineNo, `DEPENDENCIES entries are indented by two spaces, got ${indent}`);
      const name = /^([^\s!(]+)(?: \([^)]*\))?!?$/.exec(body)?.[1];
      if (name === undefined)
        fail(
          lineNo,
          'malformed dependency line (expected "name", "name (requirement)", optionally with "!")',
        );
      direct.add(name);
      continue;
    }
    if (sources && section === 'CHECKSUMS' && indent === 2) {
      const entry = CHECKSUM.exec(body);
      if (entry !== null && entry[4] !== undefined) {
        const at = `${entry[1]}\u0000${entry[2]}`;
        checksums.set(at, [...(checksums.get(at) ?? []), ...entry[4].split(',')]);
      }
      continue;
    }
    if (source === undefined) continue; // PLATFORMS, RUBY VERSION, BUNDLED WITH, CHECKSUMS, unknown sections

    if (indent === 2) {
      if (body === 'specs:') {
        inSpecs = true;
        continue;
      }
      const option = /^([a-z_]+): ?(.*)$/.exec(body);
      if (option === null)
        fail(
          lineNo,
          `malformed ${section} option ${JSON.stringify(body)} (expected "key: value" or "specs:")`,
        );
      const key = option[1] ?? '';
      const value = option[2] ?? '';
      // GEM may list several remotes; the first one names the source.
      if (key === 'remote' && source.remote === '') source.remote = value;
      if (key === 'revision') source.revision = value;
      if (section === 'PATH' && key === 'remote') source.own = value === '.' || value === './';
      continue;
    }
    if (indent === 6 && inSpecs) {
      // A requirement of the spec above; those of the project's own gems are direct dependencies.
      if (source.own) direct.add(/^[^\s(!]+/.exec(body)?.[0] ?? body);
      continue;
    }
    if (indent !== 4 || !inSpecs)
      fail(
        lineNo,
        inSpecs
          ? `unexpected indentation ${indent} in specs (specs 4, their requirements 6)`
          : `spec line before "specs:" in ${section}`,
      );

    const spec = SPEC.exec(body);
    if (spec === null) fail(lineNo, 'malformed spec line (expected "name (version)")');
    const name = spec[1] ?? '';
    const version = spec[2] ?? '';
    if (source.own) continue;
    const key = `${name}\u0000${version}\u0000${section}\u0000${source.remote}\u0000${source.revision}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const pkg: LockfilePackage = { ecosystem: 'gem', name, version, line: lineNo, source: source.kind };
    if (source.kind === 'git')
      pkg.resolved = source.revision === '' ? source.remote : `${source.remote}@${source.revision}`;
    else if (source.kind !== 'registry' || (sources && source.remote !== '')) pkg.resolved = source.remote;
    packages.push(pkg);
  }
  if (checksums.size > 0)
    for (const pkg of packages) {
      const integrity = joinHashes(checksums.get(`${pkg.name}\u0000${pkg.version}`) ?? []);
      if (integrity !== undefined) pkg.integrity = integrity;
    }
  if (!sawKnownSection && text.trim() !== '')
    fail(1, 'no GEM, GIT, PATH, PLATFORMS or DEPENDENCIES section: not a Gemfile.lock');

  // BUNDLED WITH holds one version line; read it here to keep the loop about packages.
  const bundled = /^BUNDLED WITH\r?\n[ \t]+(\S+)/m.exec(text);
  if (bundled !== null) bundledWith = bundled[1];
  if (sawDependencies) for (const pkg of packages) pkg.direct = direct.has(pkg.name);
  return {
    ecosystem: 'gem',
    format: bundledWith === undefined ? 'gemfile-lock' : `gemfile-lock@${bundledWith}`,
    packages,
    warnings,
  };
}

import { compareVersions, type Ecosystem } from '../domain/index.js';
import { ecosystemOfOsv, samePackage } from './osv-ecosystem.js';
import type { OsvAffected, OsvRange, OsvRecord } from './osv-record.js';

/**
 * How an OSV record's affected ranges are evaluated, by the schema's algorithm
 * (https://ossf.github.io/osv-schema/#evaluation): events in version order, `introduced` opens a span,
 * `fixed` closes it before its version, `last_affected` after its version; `introduced: "0"` is below
 * every version. ECOSYSTEM and SEMVER ranges are ordered by the ecosystem's own rules (the same
 * ordering depgate uses everywhere; SEMVER ranges only occur in semver ecosystems and Go); GIT ranges
 * name commits, not versions, and are ignored. `versions` lists count too.
 */

/** The record's entries about this package (ecosystem by OSV name, package by the registry's identity). */
export function entriesFor(record: OsvRecord, ecosystem: Ecosystem, name: string): OsvAffected[] {
  if (record.withdrawn !== undefined) return [];
  return record.affected.filter(
    (entry) =>
      entry.package !== undefined &&
      ecosystemOfOsv(entry.package.ecosystem) === ecosystem &&
      samePackage(ecosystem, entry.package.name, name),
  );
}

/** a - b, with OSV's "0" below everything; undefined when the ecosystem cannot order them. */
function order(ecosystem: Ecosystem, a: string, b: string): number | undefined {
  if (b === '0') return a === '0' ? 0 : 1;
  if (a === '0') return -1;
  return compareVersions(ecosystem, a, b);
}

const SEMVER_ECOSYSTEMS: ReadonlySet<Ecosystem> = new Set(['npm', 'cargo', 'hex', 'swiftpm']);

/**
 * A range bound as the ecosystem's own tools read it. Where versions are semver, a partial version
 * in a range is its lowest full version: npm's semver reads `>=1.0` as `>=1.0.0` (node-semver's
 * X-ranges, which npm audit applies to GitHub's `vulnerable_versions`), and Cargo reads a `1.0`
 * requirement the same way. Real records carry such bounds (GHSA-r683-j2x4-v87g: `introduced: "1.0"`).
 */
export function readBound(ecosystem: Ecosystem, bound: string): string {
  if (bound === '0' || !SEMVER_ECOSYSTEMS.has(ecosystem)) return bound;
  const partial = /^v?(\d+)(?:\.(\d+))?$/.exec(bound.trim());
  if (partial === null) return bound;
  return `${partial[1]}.${partial[2] ?? '0'}.0`;
}

/** Says what cannot be read in a record (a bound that is no version); the lookup turns it into a warning. */
export type Warn = (message: string) => void;

function eventVersion(event: OsvRange['events'][number]): string | undefined {
  return event.introduced ?? event.fixed ?? event.last_affected;
}

interface Bound {
  kind: 'introduced' | 'fixed' | 'last_affected';
  at: string;
}

/**
 * A range's events as bounds the ecosystem can order. A bound it still cannot read is said (`warn`)
 * and read the safe way, never as "every version": an unreadable `introduced` opens the range from
 * the start (the versions below its `fixed` stay affected), an unreadable `fixed` or `last_affected`
 * closes nothing (the versions above its `introduced` stay affected, and it is no fix).
 */
function boundsOf(
  record: OsvRecord,
  ecosystem: Ecosystem,
  name: string,
  range: OsvRange,
  warn?: Warn,
): Bound[] {
  const bounds: Bound[] = [];
  for (const event of range.events) {
    const raw = eventVersion(event);
    if (raw === undefined || event.limit !== undefined) continue;
    const kind =
      event.introduced !== undefined ? 'introduced' : event.fixed !== undefined ? 'fixed' : 'last_affected';
    const at = readBound(ecosystem, raw);
    if (at !== '0' && compareVersions(ecosystem, at, at) === undefined) {
      warn?.(
        `${record.id}: the ${kind} bound "${raw}" of ${name} is not a ${ecosystem} version; ${
          kind === 'introduced'
            ? "read as affecting every version below the range's fix"
            : 'read as never fixed in that range'
        }`,
      );
      if (kind === 'introduced') bounds.push({ kind, at: '0' });
      continue;
    }
    bounds.push({ kind, at });
  }
  return bounds.sort((x, y) => order(ecosystem, x.at, y.at) ?? 0);
}

/**
 * Whether one range affects the version. A version the ecosystem cannot order counts as affected: a
 * record we cannot read never clears a package.
 */
function rangeAffects(
  record: OsvRecord,
  ecosystem: Ecosystem,
  name: string,
  range: OsvRange,
  version: string,
  warn?: Warn,
): boolean {
  if (range.type !== 'ECOSYSTEM' && range.type !== 'SEMVER') return false;
  let affected = false;
  for (const bound of boundsOf(record, ecosystem, name, range, warn)) {
    const cmp = order(ecosystem, version, bound.at);
    if (cmp === undefined) return true;
    if (bound.kind === 'introduced') {
      if (cmp >= 0) affected = true;
    } else if (bound.kind === 'fixed') {
      if (cmp >= 0) affected = false;
    } else if (cmp > 0) affected = false;
  }
  return affected;
}

/** Whether the record affects this package version (its ranges or its `versions` list). */
export function affects(
  record: OsvRecord,
  ecosystem: Ecosystem,
  name: string,
  version: string,
  warn?: Warn,
): boolean {
  return entriesFor(record, ecosystem, name).some(
    (entry) =>
      entry.versions.includes(version) ||
      entry.ranges.some((range) => rangeAffects(record, ecosystem, name, range, version, warn)),
  );
}

/** The records' bounds of one kind for this package above `version` (a last affected one: at or above), ascending, distinct. */
function boundsAbove(
  records: readonly OsvRecord[],
  ecosystem: Ecosystem,
  name: string,
  version: string,
  kind: 'fixed' | 'last_affected',
): string[] {
  const out = new Set<string>();
  for (const record of records)
    for (const entry of entriesFor(record, ecosystem, name))
      for (const range of entry.ranges) {
        if (range.type !== 'ECOSYSTEM' && range.type !== 'SEMVER') continue;
        for (const bound of boundsOf(record, ecosystem, name, range))
          // A fix above the version; a last affected version at or above it (the version may be the last).
          if (
            bound.kind === kind &&
            (order(ecosystem, bound.at, version) ?? -1) > (kind === 'fixed' ? 0 : -1)
          )
            out.add(bound.at);
      }
  return [...out].sort((a, b) => order(ecosystem, a, b) ?? 0);
}

/**
 * A version that clears advisories: a published one (`version`), or, where the records only say the
 * last affected version, "some version after it" (`after`): which one exists is the registry's to say.
 */
export type Fix = { version: string } | { after: string };

/**
 * The smallest version above `version` that none of the package's known records affects: among the
 * published fixes of `known` (every record of the package the source knows; by default `records`,
 * those that affect `version`), at least each `atLeast` floor. Where no published fix is clean and the
 * records close with `last_affected`, a version after the highest of those (when none of `known`
 * affects the versions right after it, as far as their bounds say). Undefined when no clean version is
 * known.
 */
export function smallestFix(
  records: readonly OsvRecord[],
  ecosystem: Ecosystem,
  name: string,
  version: string,
  options: { known?: readonly OsvRecord[]; atLeast?: readonly Fix[] } = {},
): Fix | undefined {
  const known = [...new Set([...records, ...(options.known ?? [])])];
  const floors = options.atLeast ?? [];
  const aboveFloors = (candidate: string) =>
    floors.every((floor) =>
      'version' in floor
        ? (order(ecosystem, candidate, floor.version) ?? -1) >= 0
        : (order(ecosystem, candidate, floor.after) ?? -1) > 0,
    );
  for (const candidate of boundsAbove(known, ecosystem, name, version, 'fixed')) {
    if (!aboveFloors(candidate)) continue;
    if (!known.some((record) => affects(record, ecosystem, name, candidate))) return { version: candidate };
  }
  // The highest `last_affected` above the version (of the records and of the floors): the versions
  // after it are clean, unless a range of `known` is still open right after it.
  let last = boundsAbove(records, ecosystem, name, version, 'last_affected').at(-1);
  for (const floor of floors) {
    if ('version' in floor) continue;
    if (last === undefined || (order(ecosystem, floor.after, last) ?? 0) > 0) last = floor.after;
  }
  if (last === undefined) return undefined;
  const after = last;
  // A published floor above it was not clean (no candidate passed): nothing after it is known clean.
  if (floors.some((f) => 'version' in f && (order(ecosystem, f.version, after) ?? 1) > 0)) return undefined;
  const openRightAfter = (record: OsvRecord) =>
    entriesFor(record, ecosystem, name).some((entry) =>
      entry.ranges.some((range) => {
        if (range.type !== 'ECOSYSTEM' && range.type !== 'SEMVER') return false;
        let open = false;
        for (const bound of boundsOf(record, ecosystem, name, range)) {
          const cmp = order(ecosystem, bound.at, after);
          if (cmp === undefined || cmp > 0) break;
          open = bound.kind === 'introduced';
        }
        return open;
      }),
    );
  return known.some(openRightAfter) ? undefined : { after };
}

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

function eventVersion(event: OsvRange['events'][number]): string | undefined {
  return event.introduced ?? event.fixed ?? event.last_affected;
}

/**
 * Whether one range affects the version. An event the ecosystem cannot order against the version
 * counts against the version (affected): a record we cannot read never clears a package.
 */
function rangeAffects(ecosystem: Ecosystem, range: OsvRange, version: string): boolean {
  if (range.type !== 'ECOSYSTEM' && range.type !== 'SEMVER') return false;
  const events = range.events.filter((e) => eventVersion(e) !== undefined && e.limit === undefined);
  const sorted = [...events].sort((x, y) => order(ecosystem, eventVersion(x)!, eventVersion(y)!) ?? 0);
  let affected = false;
  for (const event of sorted) {
    const at = eventVersion(event)!;
    const cmp = order(ecosystem, version, at);
    if (cmp === undefined) return true;
    if (event.introduced !== undefined) {
      if (cmp >= 0) affected = true;
    } else if (event.fixed !== undefined) {
      if (cmp >= 0) affected = false;
    } else if (cmp > 0) affected = false;
  }
  return affected;
}

/** Whether the record affects this package version (its ranges or its `versions` list). */
export function affects(record: OsvRecord, ecosystem: Ecosystem, name: string, version: string): boolean {
  return entriesFor(record, ecosystem, name).some(
    (entry) =>
      entry.versions.includes(version) ||
      entry.ranges.some((range) => rangeAffects(ecosystem, range, version)),
  );
}

/** Every `fixed` event of the records' ranges for this package above `version`, ascending, distinct. */
function fixedAbove(
  records: readonly OsvRecord[],
  ecosystem: Ecosystem,
  name: string,
  version: string,
): string[] {
  const out = new Set<string>();
  for (const record of records)
    for (const entry of entriesFor(record, ecosystem, name))
      for (const range of entry.ranges) {
        if (range.type !== 'ECOSYSTEM' && range.type !== 'SEMVER') continue;
        for (const event of range.events)
          if (event.fixed !== undefined && (order(ecosystem, event.fixed, version) ?? -1) > 0)
            out.add(event.fixed);
      }
  return [...out].sort((a, b) => order(ecosystem, a, b) ?? 0);
}

/**
 * The smallest version above `version` (and at least `atLeast`), among the records' published fixes,
 * that none of `records` affects; undefined when there is none (no fix published, or every fix is
 * affected again).
 */
export function smallestFix(
  records: readonly OsvRecord[],
  ecosystem: Ecosystem,
  name: string,
  version: string,
  atLeast: readonly string[] = [],
): string | undefined {
  for (const candidate of fixedAbove(records, ecosystem, name, version)) {
    if (atLeast.some((floor) => (order(ecosystem, candidate, floor) ?? -1) < 0)) continue;
    if (!records.some((record) => affects(record, ecosystem, name, candidate))) return candidate;
  }
  return undefined;
}

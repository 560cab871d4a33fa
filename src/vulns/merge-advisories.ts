import type { Ecosystem } from '../domain/index.js';
import { affects, smallestFix, type Fix, type Warn } from './affected.js';
import type { OsvRecord } from './osv-record.js';
import { severityOf } from './severity.js';
import type { Advisory, PackageAdvisories } from './types.js';

const GHSA = /^GHSA-[23456789cfghjmpqrvwx]{4}-[23456789cfghjmpqrvwx]{4}-[23456789cfghjmpqrvwx]{4}$/;

/** Where a person reads an advisory: OSV's page, which shows every alias. */
export const osvAdvisoryUrl = (id: string): string =>
  `https://osv.dev/vulnerability/${encodeURIComponent(id)}`;

/** A version as the ecosystem's lockfiles write it: Go's carry a `v`, which OSV's ranges leave out. */
function asWritten(ecosystem: Ecosystem, version: string): string {
  return ecosystem === 'gomod' && /^\d/.test(version) ? `v${version}` : version;
}

/** Groups records that name each other (by id or a shared alias, transitively): one advisory each. */
function groupByAlias(records: readonly OsvRecord[]): OsvRecord[][] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  const add = (x: string) => {
    if (!parent.has(x)) parent.set(x, x);
  };
  for (const record of records) {
    add(record.id);
    for (const alias of record.aliases) {
      add(alias);
      parent.set(find(alias), find(record.id));
    }
  }
  const groups = new Map<string, OsvRecord[]>();
  for (const record of records) {
    const root = find(record.id);
    const group = groups.get(root) ?? [];
    group.push(record);
    groups.set(root, group);
  }
  return [...groups.values()];
}

/** The id shown first: a GHSA id (a record's own before an alias), else the first record's own id. */
function primaryId(group: readonly OsvRecord[]): string {
  const own = group.map((r) => r.id).sort();
  const ghsa =
    own.find((id) => GHSA.test(id)) ??
    group
      .flatMap((r) => r.aliases)
      .sort()
      .find((id) => GHSA.test(id));
  return ghsa ?? own[0]!;
}

function summaryOf(group: readonly OsvRecord[], id: string): string {
  const first = group.find((r) => r.id === id && r.summary) ?? group.find((r) => r.summary);
  if (first?.summary) return first.summary.trim();
  const details = group.find((r) => r.details)?.details?.trim();
  if (details) {
    const line = details.split('\n')[0]!.trim();
    return line.length > 200 ? `${line.slice(0, 199)}…` : line;
  }
  return id;
}

/**
 * The advisories of one package version from the OSV records that affect it (as the source matched
 * them: a record the API returned is kept even where our reading of its ranges would differ): records
 * that alias each other are one advisory, with every id, the most telling summary, GHSA's band or the
 * CVSS band, and the smallest version that none of its records affects; and the package's `fix`, the
 * smallest version that none of the package's known records affects (`known`: every record of the
 * package the source has, when it has more than those that affect this version). What cannot be read
 * (a bound, a CVSS vector) is said through `warn`.
 */
export function mergeAdvisories(
  records: readonly OsvRecord[],
  ecosystem: Ecosystem,
  name: string,
  version: string,
  options: { known?: readonly OsvRecord[]; warn?: Warn } = {},
): PackageAdvisories | undefined {
  const relevant = records;
  if (relevant.length === 0) return undefined;
  const known = options.known ?? relevant;
  const fixes: (Fix | undefined)[] = [];
  const advisories: Advisory[] = groupByAlias(relevant).map((group) => {
    const id = primaryId(group);
    const aliases = [...new Set(group.flatMap((r) => [r.id, ...r.aliases]))].filter((a) => a !== id).sort();
    const { band, score, problems } = severityOf(group);
    for (const problem of problems) options.warn?.(problem);
    const fixed = smallestFix(group, ecosystem, name, version);
    fixes.push(fixed);
    return {
      id,
      aliases,
      summary: summaryOf(group, id),
      severity: band,
      ...(score === undefined ? {} : { score }),
      url: osvAdvisoryUrl(id),
      ...(fixed === undefined
        ? {}
        : 'version' in fixed
          ? { fixed: asWritten(ecosystem, fixed.version) }
          : { fixedAfter: asWritten(ecosystem, fixed.after) }),
    };
  });
  // The bounds are read (and what cannot be read said) once per record and version.
  if (options.warn !== undefined)
    for (const record of relevant) affects(record, ecosystem, name, version, options.warn);
  advisories.sort((a, b) => a.id.localeCompare(b.id));
  // At or above every advisory's own fix, and affected by none of the package's known records.
  const floors = fixes.filter((f): f is Fix => f !== undefined);
  const fix =
    floors.length === fixes.length
      ? smallestFix(relevant, ecosystem, name, version, { known, atLeast: floors })
      : undefined;
  if (fix === undefined) return { advisories };
  return 'version' in fix
    ? { advisories, fix: asWritten(ecosystem, fix.version) }
    : { advisories, fixAfter: asWritten(ecosystem, fix.after) };
}

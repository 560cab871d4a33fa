// The parts of an OSV record (https://ossf.github.io/osv-schema/) that depgate reads, checked once where
// a record enters (the API's answer, a file of an offline export): what is malformed is said by field.

export interface OsvEvent {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
  limit?: string;
}

export interface OsvRange {
  type: string;
  events: OsvEvent[];
}

export interface OsvAffected {
  package?: { ecosystem: string; name: string; purl?: string };
  ranges: OsvRange[];
  versions: string[];
}

export interface OsvSeverity {
  type: string;
  score: string;
}

export interface OsvRecord {
  id: string;
  modified?: string;
  aliases: string[];
  summary?: string;
  details?: string;
  severity: OsvSeverity[];
  affected: OsvAffected[];
  /** GHSA's own band, when the record is (or came from) a GitHub advisory. */
  databaseSeverity?: string;
  /** Withdrawn records still answer `GET /v1/vulns/{id}`; they affect nothing. */
  withdrawn?: string;
}

/** A record that is not one: names the field and the source, so the user can find it. */
export class OsvRecordError extends Error {
  override readonly name = 'OsvRecordError';
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function optionalString(o: Obj, key: string, where: string): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new OsvRecordError(`${where}.${key} must be a string`);
  return v;
}

function list(o: Obj, key: string, where: string): unknown[] {
  const v = o[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new OsvRecordError(`${where}.${key} must be an array`);
  return v;
}

function strings(o: Obj, key: string, where: string): string[] {
  return list(o, key, where).map((item, i) => {
    if (typeof item !== 'string') throw new OsvRecordError(`${where}.${key}[${i}] must be a string`);
    return item;
  });
}

/**
 * Reads an OSV record from parsed JSON. `where` names it in errors (`GET /v1/vulns/GHSA-...`,
 * `npm/all.zip: GHSA-....json`). Unknown fields are ignored, as the schema allows.
 */
export function readOsvRecord(value: unknown, where: string): OsvRecord {
  if (!isObj(value)) throw new OsvRecordError(`${where}: an OSV record must be a JSON object`);
  const id = value.id;
  if (typeof id !== 'string' || id.trim() === '')
    throw new OsvRecordError(`${where}: id must be a non-empty string`);
  const at = `${where}: ${id}`;
  const affected = list(value, 'affected', at).map((entry, i): OsvAffected => {
    const path = `${at} affected[${i}]`;
    if (!isObj(entry)) throw new OsvRecordError(`${path} must be an object`);
    let pkg: OsvAffected['package'];
    if (entry.package !== undefined && entry.package !== null) {
      if (!isObj(entry.package)) throw new OsvRecordError(`${path}.package must be an object`);
      const ecosystem = optionalString(entry.package, 'ecosystem', `${path}.package`) ?? '';
      const name = optionalString(entry.package, 'name', `${path}.package`) ?? '';
      pkg = { ecosystem, name };
    }
    const ranges = list(entry, 'ranges', path).map((range, j): OsvRange => {
      const rpath = `${path}.ranges[${j}]`;
      if (!isObj(range)) throw new OsvRecordError(`${rpath} must be an object`);
      const type = optionalString(range, 'type', rpath) ?? '';
      const events = list(range, 'events', rpath).map((event, k): OsvEvent => {
        const epath = `${rpath}.events[${k}]`;
        if (!isObj(event)) throw new OsvRecordError(`${epath} must be an object`);
        const out: OsvEvent = {};
        for (const key of ['introduced', 'fixed', 'last_affected', 'limit'] as const) {
          const v = optionalString(event, key, epath);
          if (v !== undefined) out[key] = v;
        }
        return out;
      });
      return { type, events };
    });
    return {
      ...(pkg === undefined ? {} : { package: pkg }),
      ranges,
      versions: strings(entry, 'versions', path),
    };
  });
  const severity = list(value, 'severity', at).map((s, i): OsvSeverity => {
    const spath = `${at} severity[${i}]`;
    if (!isObj(s)) throw new OsvRecordError(`${spath} must be an object`);
    return { type: optionalString(s, 'type', spath) ?? '', score: optionalString(s, 'score', spath) ?? '' };
  });
  const db = value.database_specific;
  const databaseSeverity =
    isObj(db) && typeof db.severity === 'string' && db.severity.trim() !== '' ? db.severity : undefined;
  const summary = optionalString(value, 'summary', at);
  const details = optionalString(value, 'details', at);
  const modified = optionalString(value, 'modified', at);
  const withdrawn = optionalString(value, 'withdrawn', at);
  return {
    id,
    aliases: strings(value, 'aliases', at),
    severity,
    affected,
    ...(modified === undefined ? {} : { modified }),
    ...(summary === undefined ? {} : { summary }),
    ...(details === undefined ? {} : { details }),
    ...(databaseSeverity === undefined ? {} : { databaseSeverity }),
    ...(withdrawn === undefined ? {} : { withdrawn }),
  };
}

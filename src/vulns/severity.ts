import cvss from 'ae-cvss-calculator';
import type { OsvRecord } from './osv-record.js';
import type { SeverityBand } from './types.js';

const GHSA_BANDS: Readonly<Record<string, SeverityBand>> = {
  LOW: 'low',
  MODERATE: 'moderate',
  MEDIUM: 'moderate',
  HIGH: 'high',
  CRITICAL: 'critical',
};

// Every base metric a vector of that version must carry: the calculator scores a partial vector as 0,
// which would read as "no risk" rather than "unknown".
const BASE_METRICS: Readonly<Record<string, readonly string[]>> = {
  '3.0': ['AV', 'AC', 'PR', 'UI', 'S', 'C', 'I', 'A'],
  '3.1': ['AV', 'AC', 'PR', 'UI', 'S', 'C', 'I', 'A'],
  '4.0': ['AV', 'AC', 'AT', 'PR', 'UI', 'VC', 'VI', 'VA', 'SC', 'SI', 'SA'],
};

/**
 * The CVSS base score of a v3.0, v3.1 or v4.0 vector (FIRST's formulas, by the ae-cvss-calculator
 * library); undefined for anything else (v2, a bare number, a partial or unreadable vector).
 */
export function cvssBaseScore(vector: string): number | undefined {
  const match = /^CVSS:(3\.0|3\.1|4\.0)\/(.+)$/.exec(vector.trim());
  if (match === null) return undefined;
  const version = match[1]!;
  const metrics = new Map<string, string>();
  for (const part of match[2]!.split('/')) {
    const [key, value, extra] = part.split(':');
    if (key === undefined || value === undefined || value === '' || extra !== undefined) return undefined;
    if (metrics.has(key)) return undefined;
    metrics.set(key, value);
  }
  if (!BASE_METRICS[version]!.every((metric) => metrics.has(metric))) return undefined;
  try {
    const scores =
      version === '4.0'
        ? new cvss.Cvss4P0(vector.trim()).calculateScores()
        : version === '3.0'
          ? new cvss.Cvss3P0(vector.trim()).calculateScores()
          : new cvss.Cvss3P1(vector.trim()).calculateScores();
    const base = scores.base;
    return typeof base === 'number' && Number.isFinite(base) && base >= 0 && base <= 10 ? base : undefined;
  } catch {
    return undefined;
  }
}

/** The band of a CVSS base score, as GitHub and NVD draw them; 0 is no band. */
export function bandOfScore(score: number): SeverityBand {
  if (score >= 9) return 'critical';
  if (score >= 7) return 'high';
  if (score >= 4) return 'moderate';
  if (score > 0) return 'low';
  return 'unknown';
}

/** GHSA's band when a record says one (`database_specific.severity`); undefined otherwise. */
export function databaseBand(record: OsvRecord): SeverityBand | undefined {
  const text = record.databaseSeverity?.trim().toUpperCase();
  return text !== undefined && Object.hasOwn(GHSA_BANDS, text) ? GHSA_BANDS[text] : undefined;
}

/** The highest CVSS v3/v4 base score among the record's `severity` entries. */
export function recordScore(record: OsvRecord): number | undefined {
  let best: number | undefined;
  for (const entry of record.severity) {
    if (entry.type !== 'CVSS_V3' && entry.type !== 'CVSS_V4') continue;
    const score = cvssBaseScore(entry.score);
    if (score !== undefined && (best === undefined || score > best)) best = score;
  }
  return best;
}

/**
 * One advisory's band from all of its records (aliases merged): GHSA's own band first (the highest
 * when two GitHub records disagree), else the band of the highest CVSS base score, else `unknown`.
 */
export function severityOf(records: readonly OsvRecord[]): { band: SeverityBand; score?: number } {
  const rank: Record<SeverityBand, number> = { unknown: 0, low: 1, moderate: 2, high: 3, critical: 4 };
  let band: SeverityBand | undefined;
  let score: number | undefined;
  for (const record of records) {
    const own = databaseBand(record);
    if (own !== undefined && (band === undefined || rank[own] > rank[band])) band = own;
    const s = recordScore(record);
    if (s !== undefined && (score === undefined || s > score)) score = s;
  }
  const chosen = band ?? (score === undefined ? 'unknown' : bandOfScore(score));
  return score === undefined ? { band: chosen } : { band: chosen, score };
}

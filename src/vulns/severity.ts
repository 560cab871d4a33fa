import * as cvssModule from 'ae-cvss-calculator';
import type { OsvRecord } from './osv-record.js';
import type { SeverityBand } from './types.js';

interface Calculator {
  calculateScores(): { base?: unknown };
}
type CalculatorClass = new (vector: string) => Calculator;
interface Calculators {
  Cvss3P0: CalculatorClass;
  Cvss3P1: CalculatorClass;
  Cvss4P0: CalculatorClass;
}

const isCalculators = (value: unknown): value is Calculators =>
  typeof value === 'object' &&
  value !== null &&
  ['Cvss3P0', 'Cvss3P1', 'Cvss4P0'].every(
    (name) => typeof (value as Record<string, unknown>)[name] === 'function',
  );

/**
 * The calculator's classes, however the module arrived. ae-cvss-calculator is a CommonJS (UMD) module
 * that marks itself `__esModule` but has no `default` export: Node's ESM loader gives it to us as
 * `default` only (its exports cannot be detected statically), while ncc's bundle gives the exports
 * themselves and, for a default import, `module.default` (undefined). So neither a default nor a
 * named import works in both; the namespace, looked into, does.
 */
function calculators(): Calculators {
  const namespace: unknown = cvssModule;
  if (isCalculators(namespace)) return namespace;
  const fallback = (namespace as { default?: unknown }).default;
  if (isCalculators(fallback)) return fallback;
  throw new Error(
    'the CVSS calculator (ae-cvss-calculator) did not load: its Cvss3P0/Cvss3P1/Cvss4P0 classes are missing',
  );
}

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

/** A vector's base score, or why it has none; undefined for what is not a CVSS v3/v4 vector (v2, a number). */
export type VectorScore = { score: number } | { error: string };

/**
 * The CVSS base score of a v3.0, v3.1 or v4.0 vector (FIRST's formulas, by the ae-cvss-calculator
 * library), or why it cannot be computed (a partial or malformed vector, the calculator failing);
 * undefined for anything that is not a v3/v4 vector (v2, a bare number), which depgate does not score.
 */
export function scoreVector(vector: string): VectorScore | undefined {
  const match = /^CVSS:(3\.0|3\.1|4\.0)\/(.*)$/.exec(vector.trim());
  if (match === null) return undefined;
  const version = match[1]!;
  const metrics = new Map<string, string>();
  for (const part of match[2]!.split('/')) {
    const [key, value, extra] = part.split(':');
    if (key === undefined || key === '' || value === undefined || value === '' || extra !== undefined)
      return { error: `"${part}" is not a metric:value pair` };
    if (metrics.has(key)) return { error: `the metric ${key} appears twice` };
    metrics.set(key, value);
  }
  const missing = BASE_METRICS[version]!.filter((metric) => !metrics.has(metric));
  if (missing.length > 0) return { error: `the base metrics ${missing.join(', ')} are missing` };
  let scores: { base?: unknown };
  try {
    const lib = calculators();
    const Class = version === '4.0' ? lib.Cvss4P0 : version === '3.0' ? lib.Cvss3P0 : lib.Cvss3P1;
    scores = new Class(vector.trim()).calculateScores();
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const base = scores.base;
  return typeof base === 'number' && Number.isFinite(base) && base >= 0 && base <= 10
    ? { score: base }
    : { error: `the calculator gave no base score (${String(base)})` };
}

/** The CVSS base score of a v3.0, v3.1 or v4.0 vector; undefined when there is none (see scoreVector). */
export function cvssBaseScore(vector: string): number | undefined {
  const result = scoreVector(vector);
  return result !== undefined && 'score' in result ? result.score : undefined;
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

/**
 * The highest CVSS v3/v4 base score among the record's `severity` entries, and why any v3/v4 entry
 * could not be scored (each problem names the record and the vector).
 */
export function recordScore(record: OsvRecord): { score?: number; problems: string[] } {
  let best: number | undefined;
  const problems: string[] = [];
  for (const entry of record.severity) {
    if (entry.type !== 'CVSS_V3' && entry.type !== 'CVSS_V4') continue;
    const result = scoreVector(entry.score);
    if (result === undefined) {
      problems.push(`${record.id}: its ${entry.type} score "${entry.score}" is not a CVSS v3/v4 vector`);
      continue;
    }
    if ('error' in result) {
      problems.push(`${record.id}: its CVSS vector ${entry.score} cannot be scored (${result.error})`);
      continue;
    }
    if (best === undefined || result.score > best) best = result.score;
  }
  return best === undefined ? { problems } : { score: best, problems };
}

/**
 * One advisory's band from all of its records (aliases merged): GHSA's own band first (the highest
 * when two GitHub records disagree), else the band of the highest CVSS base score, else `unknown`.
 * `problems` says why a CVSS vector could not be scored: the band may be `unknown` because of it.
 */
export function severityOf(records: readonly OsvRecord[]): {
  band: SeverityBand;
  score?: number;
  problems: string[];
} {
  const rank: Record<SeverityBand, number> = { unknown: 0, low: 1, moderate: 2, high: 3, critical: 4 };
  let band: SeverityBand | undefined;
  let score: number | undefined;
  const problems: string[] = [];
  for (const record of records) {
    const own = databaseBand(record);
    if (own !== undefined && (band === undefined || rank[own] > rank[band])) band = own;
    const scored = recordScore(record);
    problems.push(...scored.problems);
    if (scored.score !== undefined && (score === undefined || scored.score > score)) score = scored.score;
  }
  const chosen = band ?? (score === undefined ? 'unknown' : bandOfScore(score));
  return score === undefined ? { band: chosen, problems } : { band: chosen, score, problems };
}

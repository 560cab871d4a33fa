import picomatch from 'picomatch';
import parseSpdx from 'spdx-expression-parse';
import spdxIds from 'spdx-license-ids/index.json' with { type: 'json' };
import deprecatedSpdxIds from 'spdx-license-ids/deprecated.json' with { type: 'json' };
import {
  isScalar,
  isMap,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type Node as YamlNode,
} from 'yaml';
import { z } from 'zod';
import {
  compareVersions,
  ECOSYSTEMS,
  isUserError,
  isValidVersion,
  parseBound,
  parseEcosystem,
  UserError,
} from '../domain/index.js';
import type { Ecosystem } from '../domain/index.js';
import {
  ADVISORY_SOURCE_NAMES,
  SEVERITY_THRESHOLDS,
  type AdvisorySourceName,
  type PackageRule,
  type Policy,
  type PolicyException,
  type PolicySource,
  type SourcesPolicy,
  type SupplyChainPolicy,
  type VulnerabilityPolicy,
} from './types.js';

/** Where the gate looks for its policy in a repository. */
export const DEFAULT_POLICY_PATH = '.github/depgate.yml';

/** One mistake in a policy file, where it was written (1-based) and what it is. */
export interface PolicyProblem {
  line: number;
  column: number;
  /** The key path of the value at fault: `deny[1].versionUpperBound`, or `` for the whole file. */
  path: string;
  message: string;
}

/** A policy that cannot be used, with every mistake in it (not only the first). */
export class PolicyError extends UserError {
  override readonly name = 'PolicyError';
  readonly kind = 'policy';
  readonly source: string;
  readonly problems: PolicyProblem[];

  constructor(source: string, problems: PolicyProblem[]) {
    const lines = problems.map(
      (p) => `${source}:${p.line}:${p.column}: ${p.path === '' ? '' : `${p.path}: `}${p.message}`,
    );
    super(
      `${source}: ${problems.length === 1 ? 'a mistake' : `${problems.length} mistakes`} in the policy (docs/policy.md lists every key):\n  ${lines.join('\n  ')}`,
    );
    this.source = source;
    this.problems = problems;
  }
}

export function isPolicyError(error: unknown): error is PolicyError {
  return isUserError(error, 'policy');
}

/** The policy used when a repository has none: no rules, licenses not judged, nothing failed but rules. */
export function defaultPolicy(source: string): Policy {
  // The schema's defaults, the one place they are written.
  const { licenses, newToOrg, preExisting, paths } = schema.parse({});
  return { source, deny: [], exceptions: [], licenses, newToOrg, preExisting, paths };
}

/** What `sources` is when the policy leaves it out (or leaves out some of its keys). */
export function defaultSources(): SourcesPolicy {
  return {
    allowedHosts: [],
    defaultHosts: true,
    allowedSchemes: ['https', 'git+https', 'git+ssh', 'ssh'],
    integrityChange: 'fail',
    missingIntegrity: 'warn',
    weakIntegrity: 'warn',
    gitPinned: 'fail',
  };
}

const TOP_KEYS = [
  'deny',
  'exceptions',
  'licenses',
  'newToOrg',
  'preExisting',
  'vulnerabilities',
  'supplyChain',
  'sources',
  'paths',
] as const;
const SOURCES_KEYS = [
  'allowedHosts',
  'defaultHosts',
  'allowedSchemes',
  'integrityChange',
  'missingIntegrity',
  'weakIntegrity',
  'gitPinned',
] as const;
const RULE_KEYS = [
  'name',
  'exactNameMatch',
  'exactVersion',
  'versionLowerBound',
  'versionUpperBound',
  'ecosystem',
  'paths',
  'reason',
] as const;
const EXCEPTION_KEYS = [...RULE_KEYS, 'advisory', 'owner', 'expires'] as const;
const VULNERABILITY_KEYS = ['failOn', 'sources', 'onError'] as const;
const SUPPLY_CHAIN_KEYS = [
  'minimumReleaseAge',
  'minimumReleaseAgeExclude',
  'installScripts',
  'allowScripts',
  'provenance',
  'deprecated',
  'typosquat',
  'onError',
] as const;
const LICENSE_KEYS = ['allow', 'deny', 'unknown'] as const;
const PATHS_KEYS = ['include', 'exclude'] as const;
/** Keys whose YAML numbers are versions or dates: read as written (`1.10` must not become 1.1). */
const VERBATIM_KEYS = new Set([
  'exactVersion',
  'versionLowerBound',
  'versionUpperBound',
  'expires',
  'name',
  'advisory',
  'minimumReleaseAge',
]);

const text = z.string().trim().min(1);
const globs = z.array(text);
const sourceMode = z.enum(['fail', 'warn', 'off']);
const SOURCES_DEFAULT = defaultSources();
// `vulnerabilities:` written with nothing under it turns the check on with every default.
const vulnerabilities = z.strictObject({
  failOn: z.enum(SEVERITY_THRESHOLDS).default('high'),
  sources: z
    .array(z.enum(ADVISORY_SOURCE_NAMES))
    .min(1)
    .default((): AdvisorySourceName[] => ['osv']),
  onError: z.enum(['fail', 'warn']).default('fail'),
});
const signalMode = z.enum(['off', 'warn', 'fail']);
/** The cooldown when `supplyChain:` leaves it out: one day, pnpm's own suggestion. */
export const DEFAULT_MINIMUM_RELEASE_AGE = '1d';
// `supplyChain:` written with nothing under it turns every signal on with these defaults.
const supplyChain = z.strictObject({
  minimumReleaseAge: z.union([z.number(), text]).default(DEFAULT_MINIMUM_RELEASE_AGE),
  minimumReleaseAgeExclude: globs.default(() => []),
  installScripts: signalMode.default('warn'),
  allowScripts: z.array(text).default(() => []),
  provenance: signalMode.default('warn'),
  deprecated: signalMode.default('warn'),
  typosquat: signalMode.default('warn'),
  onError: z.enum(['fail', 'warn']).default('fail'),
});
const ruleShape = {
  name: text.optional(),
  exactNameMatch: z.boolean().optional(),
  exactVersion: text.optional(),
  versionLowerBound: text.optional(),
  versionUpperBound: text.optional(),
  ecosystem: text.optional(),
  paths: globs.optional(),
  reason: text.optional(),
};
/**
 * The policy file's shape and every default (what a key left out means); what a shape cannot say
 * (bounds, dates, SPDX ids, globs) is checked after it, on the same positions.
 */
const schema = z.strictObject({
  deny: z.array(z.strictObject(ruleShape)).default(() => []),
  exceptions: z
    .array(
      z.strictObject({ ...ruleShape, advisory: text.optional(), reason: text, owner: text, expires: text }),
    )
    .default(() => []),
  // Licenses are judged only when the policy says `licenses:`; then an unknown license warns.
  licenses: z
    .strictObject({
      allow: z.array(text).optional(),
      deny: z.array(text).optional(),
      unknown: z.enum(['warn', 'fail', 'ignore']).default('warn'),
    })
    .default(() => ({ unknown: 'ignore' as const })),
  newToOrg: z.enum(['off', 'warn', 'fail']).default('warn'),
  preExisting: z.enum(['report', 'fail']).default('report'),
  vulnerabilities: vulnerabilities
    .nullable()
    .transform((v) => v ?? vulnerabilities.parse({}))
    .optional(),
  supplyChain: supplyChain
    .nullable()
    .transform((v) => v ?? supplyChain.parse({}))
    .optional(),
  sources: z
    .strictObject({
      allowedHosts: z.array(text).default(() => defaultSources().allowedHosts),
      defaultHosts: z.boolean().default(SOURCES_DEFAULT.defaultHosts),
      allowedSchemes: z.array(text).default(() => defaultSources().allowedSchemes),
      integrityChange: sourceMode.default(SOURCES_DEFAULT.integrityChange),
      missingIntegrity: sourceMode.default(SOURCES_DEFAULT.missingIntegrity),
      weakIntegrity: sourceMode.default(SOURCES_DEFAULT.weakIntegrity),
      gitPinned: sourceMode.default(SOURCES_DEFAULT.gitPinned),
    })
    .optional(),
  paths: z
    .strictObject({ include: globs.default(() => ['**']), exclude: globs.default(() => []) })
    .default(() => ({ include: ['**'], exclude: [] })),
});
type RawPolicy = z.output<typeof schema>;
type RawRule = RawPolicy['deny'][number];
type RawException = NonNullable<RawPolicy['exceptions']>[number];

type Path = (string | number)[];

function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path)
    out += typeof part === 'number' ? `[${part}]` : `${out === '' ? '' : '.'}${String(part)}`;
  return out;
}

/** Closest allowed key by edit distance, when it is close enough to be a likely typo. */
function closest(word: string, allowed: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of allowed) {
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

function keysAt(path: readonly PropertyKey[]): readonly string[] {
  if (path.length === 0) return TOP_KEYS;
  if (path[0] === 'deny' && path.length === 2) return RULE_KEYS;
  if (path[0] === 'exceptions' && path.length === 2) return EXCEPTION_KEYS;
  if (path[0] === 'licenses' && path.length === 1) return LICENSE_KEYS;
  if (path[0] === 'vulnerabilities' && path.length === 1) return VULNERABILITY_KEYS;
  if (path[0] === 'paths' && path.length === 1) return PATHS_KEYS;
  if (path[0] === 'supplyChain' && path.length === 1) return SUPPLY_CHAIN_KEYS;
  if (path[0] === 'sources' && path.length === 1) return SOURCES_KEYS;
  return [];
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return `${typeof value} ${value}`;
  return typeof value;
}

const EXPECTED: Record<string, string> = {
  string: 'a text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping',
};

/** SPDX ids by their lowercased spelling, for "did you mean" on a license id written in the wrong case. */
let spdxByLowercase: Map<string, string> | undefined;
function spdxSuggestion(entry: string): string | undefined {
  spdxByLowercase ??= new Map([...deprecatedSpdxIds, ...spdxIds].map((id) => [id.toLowerCase(), id]));
  const word = entry.trim().toLowerCase();
  const gnu = /^(a|l)?gpl-(\d\.\d)(\+)?$/.exec(word);
  if (gnu !== null) {
    const id = `${(gnu[1] ?? '').toUpperCase()}GPL-${gnu[2]}`;
    return gnu[3] === '+' ? `${id}-or-later` : `${id}-only or ${id}-or-later`;
  }
  const exact = spdxByLowercase.get(word);
  if (exact !== undefined) return exact;
  return closest(entry.trim(), [...spdxByLowercase.values()]);
}

class Collector {
  readonly problems: PolicyProblem[] = [];
  constructor(
    private readonly doc: Document,
    private readonly lines: LineCounter,
  ) {}

  private position(offset: number): { line: number; column: number } {
    const { line, col } = this.lines.linePos(offset);
    return { line, column: col };
  }

  private node(path: readonly PropertyKey[]): YamlNode | undefined {
    let node: unknown = this.doc.contents;
    for (const part of path) {
      if (isMap(node)) node = node.items.find((pair) => isScalar(pair.key) && pair.key.value === part)?.value;
      else if (isSeq(node) && typeof part === 'number') node = node.items[part];
      else return undefined;
    }
    return (node ?? undefined) as YamlNode | undefined;
  }

  /** Where a value was written: its own node, else the nearest enclosing one that exists. */
  at(path: readonly PropertyKey[]): { line: number; column: number } {
    for (let n = path.length; n >= 0; n--) {
      const node = this.node(path.slice(0, n));
      if (node?.range !== undefined && node.range !== null) return this.position(node.range[0]);
    }
    return { line: 1, column: 1 };
  }

  /** Where a key of a mapping was written. */
  keyAt(path: readonly PropertyKey[], key: string): { line: number; column: number } {
    const map = this.node(path);
    if (isMap(map)) {
      const pair = map.items.find((p) => isScalar(p.key) && p.key.value === key);
      if (isScalar(pair?.key) && pair.key.range) return this.position(pair.key.range[0]);
    }
    return this.at(path);
  }

  add(path: readonly PropertyKey[], message: string, where = this.at(path)): void {
    this.problems.push({ ...where, path: pathText(path), message });
  }
}

/**
 * Reads a policy file (`.github/depgate.yml`, or inline YAML in the Action): its YAML with positions, the
 * schema, then what the schema cannot say (bounds with the right operators and orderable versions,
 * real dates, SPDX ids, globs). Throws a PolicyError listing every mistake, each at its line and column.
 */
export function readPolicy(yamlText: string, source: string): Policy {
  const lines = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter: lines, uniqueKeys: true, prettyErrors: true });
  const found = new Collector(doc, lines);
  for (const error of doc.errors) {
    const pos = error.linePos?.[0];
    found.problems.push({
      line: pos?.line ?? 1,
      column: pos?.col ?? 1,
      path: '',
      message:
        error.code === 'DUPLICATE_KEY' ? 'a key written twice in the same mapping' : firstLine(error.message),
    });
  }
  if (found.problems.length > 0) throw new PolicyError(source, found.problems);
  if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) {
    return defaultPolicy(source);
  }

  // Versions and dates are read as written: YAML would make `4.10` the number 4.1.
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.key) && VERBATIM_KEYS.has(String(pair.key.value)) && isScalar(pair.value)) {
        const value = pair.value.value;
        if ((typeof value === 'number' || value instanceof Date) && pair.value.range) {
          pair.value.value = yamlText.slice(pair.value.range[0], pair.value.range[1]).trim();
        }
      }
    },
  });
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    // The yaml library refuses aliases that expand past maxAliasCount nodes ("billion laughs").
    if (!(error instanceof ReferenceError)) throw error;
    found.add(
      [],
      /excessive alias count/i.test(error.message)
        ? `its aliases (*name) expand to more values than a policy holds (a "billion laughs" YAML bomb): write the values out`
        : firstLine(error.message),
      firstAliasAt(doc, lines),
    );
    throw new PolicyError(source, found.problems);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    found.add(
      [],
      `the policy must be a mapping with keys such as ${TOP_KEYS.join(', ')}, not ${describe(raw)}`,
    );
    throw new PolicyError(source, found.problems);
  }

  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) schemaProblem(found, issue, raw);
  }
  // Semantic checks run on what has the right shape, so that all mistakes come out at once.
  const data = (parsed.success ? parsed.data : raw) as RawPolicy;
  const deny = Array.isArray(data.deny) ? data.deny : [];
  const exceptions = Array.isArray(data.exceptions) ? data.exceptions : [];
  deny.forEach((rule, i) => checkRule(found, ['deny', i], rule));
  exceptions.forEach((rule, i) => {
    checkException(found, ['exceptions', i], rule);
    checkExpires(found, ['exceptions', i, 'expires'], rule.expires);
  });
  checkLicenses(found, data.licenses);
  checkAdvisorySources(found, data.vulnerabilities?.sources);
  checkSources(found, data.sources);
  checkSupplyChain(found, data.supplyChain);
  for (const key of ['include', 'exclude'] as const) {
    const list = data.paths?.[key];
    if (Array.isArray(list)) list.forEach((glob, i) => checkGlob(found, ['paths', key, i], glob));
  }
  if (found.problems.length > 0) {
    found.problems.sort((a, b) => a.line - b.line || a.column - b.column);
    throw new PolicyError(source, found.problems);
  }

  const policy = parsed.data!;
  const read: Policy = {
    source,
    deny: policy.deny.map((rule, index) => toRule(rule, index, found.at(['deny', index]))),
    exceptions: policy.exceptions.map((rule, index): PolicyException => ({
      ...toRule(rule, index, found.at(['exceptions', index])),
      ...(rule.advisory === undefined ? {} : { advisory: rule.advisory }),
      reason: rule.reason,
      owner: rule.owner,
      expires: rule.expires,
    })),
    licenses: policy.licenses,
    newToOrg: policy.newToOrg,
    preExisting: policy.preExisting,
    ...(policy.vulnerabilities === undefined
      ? {}
      : { vulnerabilities: toVulnerabilities(policy.vulnerabilities, found.keyAt([], 'vulnerabilities')) }),
    paths: policy.paths,
  };
  if (policy.sources !== undefined) read.sources = toSources(policy.sources, found);
  if (policy.supplyChain !== undefined)
    read.supplyChain = toSupplyChain(policy.supplyChain, found.keyAt([], 'supplyChain'));
  return read;
}

/**
 * A release age in minutes: `3d`, `72h`, `90m`, or a bare number of minutes (pnpm's unit). Undefined
 * when it is none of these.
 */
export function parseReleaseAge(value: number | string): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  const match = /^(\d+)\s*(d|h|m)?$/i.exec(value.trim());
  if (match === null) return undefined;
  const amount = Number(match[1]);
  const unit = (match[2] ?? 'm').toLowerCase();
  return unit === 'd' ? amount * 1440 : unit === 'h' ? amount * 60 : amount;
}

function toSupplyChain(raw: NonNullable<RawPolicy['supplyChain']>, at: PolicySource): SupplyChainPolicy {
  return {
    ...raw,
    minimumReleaseAge: String(raw.minimumReleaseAge).trim(),
    minimumReleaseAgeMinutes: parseReleaseAge(raw.minimumReleaseAge)!,
    allowScripts: [...new Set(raw.allowScripts.map((name) => name.trim()))],
    at,
  };
}

function checkSupplyChain(found: Collector, raw: RawPolicy['supplyChain']): void {
  if (raw === null || typeof raw !== 'object') return;
  const age = raw.minimumReleaseAge as unknown;
  if ((typeof age === 'number' || isText(age)) && parseReleaseAge(age) === undefined)
    found.add(
      ['supplyChain', 'minimumReleaseAge'],
      `${describe(age)} is not a release age: write days (3d), hours (72h) or a whole number of minutes (4320), as pnpm's minimumReleaseAge`,
    );
  const exclude = raw.minimumReleaseAgeExclude as unknown;
  if (Array.isArray(exclude))
    exclude.forEach((glob, i) => checkGlob(found, ['supplyChain', 'minimumReleaseAgeExclude', i], glob));
}

/** Hosts and schemes compared as lowercase, a scheme without its colon; where `sources:` is written. */
function toSources(raw: NonNullable<RawPolicy['sources']>, found: Collector): SourcesPolicy {
  const { line, column } = found.at(['sources']);
  return {
    ...raw,
    allowedHosts: raw.allowedHosts.map((h) => h.toLowerCase()),
    allowedSchemes: raw.allowedSchemes.map((s) => s.toLowerCase().replace(/:$/, '')),
    at: { line, column },
  };
}
/** A host, `*.` and a domain, or a host and a path prefix; never a URL with its scheme. */
const HOST_ENTRY = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d+)?(\/\S*)?$/i;

function checkSources(found: Collector, sources: RawPolicy['sources']): void {
  if (sources === null || typeof sources !== 'object') return;
  const hosts = sources.allowedHosts;
  if (Array.isArray(hosts))
    hosts.forEach((entry, i) => {
      if (!isText(entry)) return;
      const host = entry.trim();
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(host))
        found.add(
          ['sources', 'allowedHosts', i],
          `"${host}" is a URL: write the host alone (${host.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/.*$/, '')}); schemes go in sources.allowedSchemes`,
        );
      else if (!HOST_ENTRY.test(host))
        found.add(
          ['sources', 'allowedHosts', i],
          `"${host}" is not a host (registry.example.com), a wildcard (*.example.com) or a host and path (github.com/org/index)`,
        );
    });
  const schemes = sources.allowedSchemes;
  if (Array.isArray(schemes))
    schemes.forEach((entry, i) => {
      if (isText(entry) && !/^[a-z][a-z0-9+.-]*:?$/i.test(entry.trim()))
        found.add(
          ['sources', 'allowedSchemes', i],
          `"${entry}" is not a URL scheme (https, git+https, git+ssh, ...)`,
        );
    });
}

function toVulnerabilities(
  raw: NonNullable<RawPolicy['vulnerabilities']>,
  at: PolicySource,
): VulnerabilityPolicy {
  return { ...raw, sources: [...new Set<AdvisorySourceName>(raw.sources)], at };
}

/** How far aliases may expand (the yaml library's own default, stated): a policy needs few, if any. */
const MAX_ALIAS_COUNT = 100;

/** Where the first alias (`*name`) is written, to point at a YAML bomb. */
function firstAliasAt(doc: Document, lines: LineCounter): { line: number; column: number } {
  let at = { line: 1, column: 1 };
  visit(doc, {
    Alias(_, node) {
      if (node.range === undefined || node.range === null) return undefined;
      const { line, col } = lines.linePos(node.range[0]);
      at = { line, column: col };
      return visit.BREAK;
    },
  });
  return at;
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}

function toRule(rule: RawRule, index: number, at: PolicySource): PackageRule {
  const out: PackageRule = { index, at };
  if (rule.name !== undefined) out.name = rule.name;
  if (rule.exactNameMatch !== undefined) out.exactNameMatch = rule.exactNameMatch;
  if (rule.exactVersion !== undefined) out.exactVersion = rule.exactVersion;
  if (rule.versionLowerBound !== undefined) out.versionLowerBound = rule.versionLowerBound;
  if (rule.versionUpperBound !== undefined) out.versionUpperBound = rule.versionUpperBound;
  if (rule.ecosystem !== undefined) out.ecosystem = parseEcosystem(rule.ecosystem)!;
  if (rule.paths !== undefined) out.paths = rule.paths;
  if (rule.reason !== undefined) out.reason = rule.reason;
  return out;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

function schemaProblem(found: Collector, issue: z.core.$ZodIssue, raw: unknown): void {
  const path = issue.path;
  const value = valueAt(raw, path);
  switch (issue.code) {
    case 'unrecognized_keys': {
      const allowed = keysAt(path);
      for (const key of issue.keys) {
        const guess = closest(key, allowed);
        found.add(
          [...path, key],
          `unknown key "${key}"${guess === undefined ? '' : ` (did you mean "${guess}"?)`}; allowed: ${allowed.join(', ')}`,
          found.keyAt(path, key),
        );
      }
      return;
    }
    case 'invalid_value':
      found.add(path, `${describe(value)} is not one of: ${issue.values.map(String).join(', ')}`);
      return;
    case 'invalid_type':
      if (value === undefined) {
        found.add(
          path,
          `required: ${EXPECTED[issue.expected] ?? issue.expected}`,
          found.at(path.slice(0, -1)),
        );
      } else {
        found.add(path, `expected ${EXPECTED[issue.expected] ?? issue.expected}, got ${describe(value)}`);
      }
      return;
    case 'too_small':
      found.add(path, 'must not be empty');
      return;
    default:
      found.add(path, issue.message);
  }
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Advisory ids as OSV and its sources write them: a prefix, a dash, then letters, digits, dashes, dots, colons. */
const ADVISORY_ID = /^[A-Za-z][A-Za-z0-9]*-[A-Za-z0-9][A-Za-z0-9.:_-]*$/;

function checkException(found: Collector, path: Path, rule: RawException): void {
  if (rule === null || typeof rule !== 'object') return;
  const advisory = rule.advisory;
  if (isText(advisory) && !ADVISORY_ID.test(advisory.trim())) {
    found.add(
      [...path, 'advisory'],
      `"${advisory}" is not an advisory id: write one such as GHSA-xxxx-xxxx-xxxx, CVE-2021-23337, PYSEC-2021-1 or RUSTSEC-2021-0001`,
    );
  }
  checkRule(found, path, rule, isText(advisory));
}

function checkAdvisorySources(found: Collector, sources: unknown): void {
  if (!Array.isArray(sources)) return;
  const seen = new Set<unknown>();
  sources.forEach((source, i) => {
    if (seen.has(source)) found.add(['vulnerabilities', 'sources', i], `"${String(source)}" is listed twice`);
    seen.add(source);
  });
}

function checkRule(found: Collector, path: Path, rule: RawRule, advisory = false): void {
  if (rule === null || typeof rule !== 'object') return;
  const has = (key: keyof RawRule) => isText(rule[key]);
  if (
    !advisory &&
    !has('name') &&
    !has('exactVersion') &&
    !has('versionLowerBound') &&
    !has('versionUpperBound')
  ) {
    found.add(path, 'the rule matches every package: give it a name, an exactVersion or version bounds');
  }
  if (has('exactVersion') && (has('versionLowerBound') || has('versionUpperBound'))) {
    found.add(
      [...path, 'exactVersion'],
      'exactVersion and version bounds together: an exact version takes precedence, so write one or the other',
    );
  }
  let ecosystem: Ecosystem | undefined;
  if (isText(rule.ecosystem)) {
    ecosystem = parseEcosystem(rule.ecosystem);
    if (ecosystem === undefined) {
      found.add(
        [...path, 'ecosystem'],
        `"${rule.ecosystem}" is not an ecosystem; one of: ${ECOSYSTEMS.join(', ')}`,
      );
    }
  }
  const lower = checkBound(
    found,
    [...path, 'versionLowerBound'],
    rule.versionLowerBound,
    ['>', '>='],
    ecosystem,
  );
  const upper = checkBound(
    found,
    [...path, 'versionUpperBound'],
    rule.versionUpperBound,
    ['<', '<='],
    ecosystem,
  );
  if (lower !== undefined && upper !== undefined && ecosystem !== undefined) {
    const order = compareVersions(ecosystem, lower, upper);
    if (order !== undefined && order > 0) {
      found.add(
        [...path, 'versionLowerBound'],
        `the lower bound is above the upper bound (${upper}): no version can match`,
      );
    }
  }
  if (Array.isArray(rule.paths))
    rule.paths.forEach((glob, i) => checkGlob(found, [...path, 'paths', i], glob));
}

/** Checks a bound and returns its version when it is usable. */
function checkBound(
  found: Collector,
  path: Path,
  value: unknown,
  operators: readonly string[],
  ecosystem: Ecosystem | undefined,
): string | undefined {
  if (!isText(value)) return undefined;
  const written = parseBound(value);
  if (written === undefined) {
    const bare = parseBound(value, operators[1] as '<=' | '>=');
    found.add(
      path,
      bare === undefined
        ? `"${value}" is not a version bound: write an operator (${operators.join(', ')}) and one version`
        : `"${value}" needs an operator (${operators.join(', ')})`,
    );
    return undefined;
  }
  if (!operators.includes(written.operator)) {
    found.add(path, `"${value}": this bound takes ${operators.join(' or ')}, not ${written.operator}`);
    return undefined;
  }
  if (ecosystem !== undefined && !isValidVersion(ecosystem, written.version)) {
    found.add(path, `"${written.version}" is not a version ${ecosystem} can order`);
    return undefined;
  }
  return written.version;
}

function checkExpires(found: Collector, path: Path, value: unknown): void {
  if (!isText(value)) return;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const date = match === null ? undefined : new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!));
  if (
    match === null ||
    date === undefined ||
    date.getUTCFullYear() !== +match[1]! ||
    date.getUTCMonth() !== +match[2]! - 1 ||
    date.getUTCDate() !== +match[3]!
  ) {
    found.add(path, `"${value}" is not a date: write YYYY-MM-DD (the last day the exception excuses, UTC)`);
  }
}

function checkLicenses(found: Collector, licenses: RawPolicy['licenses']): void {
  if (licenses === null || typeof licenses !== 'object') return;
  if (licenses.allow !== undefined && licenses.deny !== undefined) {
    found.add(['licenses', 'deny'], 'licenses.allow and licenses.deny together: choose one list');
  }
  for (const key of ['allow', 'deny'] as const) {
    const list = licenses[key];
    if (!Array.isArray(list)) continue;
    list.forEach((entry, i) => {
      if (!isText(entry)) return;
      try {
        parseSpdx(entry.trim());
      } catch {
        const guess = spdxSuggestion(entry);
        found.add(
          ['licenses', key, i],
          `"${entry}" is not an SPDX license id or expression${guess === undefined ? '' : ` (did you mean ${guess}?)`}; ids at https://spdx.org/licenses/`,
        );
      }
    });
  }
}

function checkGlob(found: Collector, path: Path, glob: unknown): void {
  if (!isText(glob)) return;
  try {
    picomatch.makeRe(glob);
  } catch (error) {
    found.add(path, `"${glob}" is not a glob: ${error instanceof Error ? error.message : String(error)}`);
  }
}

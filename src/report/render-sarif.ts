import type { Log, ReportingDescriptor, Result, Suppression } from 'sarif';
import type { ExceptionRef, Finding, FindingAdvisory, FindingKind, Report } from '../gate/index.js';
import { changeText, findingDetails, fixText, whyText } from './describe.js';
import { escapeMarkdown, printable } from './escape.js';

const RULES: Record<FindingKind, { name: string; short: string; help: string }> = {
  denied: {
    name: 'DeniedPackage',
    short: 'A package the policy denies',
    help: 'A deny rule of the policy (.github/depgate.yml) matches this package version. Upgrade or remove it, or add an exception with a reason, an owner and an expiry date.',
  },
  license: {
    name: 'DeniedLicense',
    short: 'A package under a license the policy does not allow',
    help: 'Every way to satisfy the package license expression uses a license the policy denies (licenses.deny), or one outside licenses.allow. Replace the package or add an exception.',
  },
  'license-unknown': {
    name: 'UnknownLicense',
    short: 'A package whose license is not known',
    help: 'Neither the lockfile nor the platform records a license the policy can judge. licenses.unknown decides whether this warns or fails.',
  },
  'version-unknown': {
    name: 'UnorderableVersion',
    short: 'A version a deny rule bound cannot be decided for',
    help: 'The version cannot be ordered by its ecosystem rules (a git reference, a tag), so a version bound of a deny rule cannot be decided. It is never taken as outside the range: pin a released version or add an exception.',
  },
  'new-to-org': {
    name: 'NewToOrganization',
    short: 'A package no repository of the organization uses yet',
    help: 'The platform dependency listing shows no repository of the organization using this package. newToOrg decides whether this warns or fails.',
  },
  vulnerability: {
    name: 'KnownVulnerability',
    short: 'A package version with known advisories',
    help: 'An advisory source (OSV, the platform) lists published advisories affecting this version. Upgrade to the fix version, or add an exception naming the advisory. Each advisory is its own rule, with a link to it.',
  },
  source: {
    name: 'PackageSource',
    short: 'A package fetched from a source or with an integrity the policy does not allow',
    help: 'The lockfile entry names a host or URL scheme outside sources.allowedHosts / sources.allowedSchemes, changes the integrity of a version already locked, names a git source not pinned to a commit, or records no integrity (lockfile injection points an entry at another host with a new integrity). Restore the entry (regenerate the lockfile from the registry), or allow the host in the policy.',
  },
  'supply-chain': {
    name: 'SupplyChainSignal',
    short:
      'A version the registry shows as risky: too fresh, running install scripts, without provenance, deprecated, or a typosquat',
    help: 'What the package registry says about this introduced version breaks supplyChain in the policy: it was published within minimumReleaseAge (wait, or pin the older version named), it runs install scripts not in allowScripts, it has no provenance attestation where the version it replaces had one, it is deprecated, or its name is one edit from a popular package. The message says which, and what to do.',
  },
};

/**
 * The rules' order in a run's `tool.driver.rules` (a result's `ruleIndex`). A vulnerability is not one
 * of them: each advisory is its own rule (its id, its summary, a help link to it), after these.
 */
export const SARIF_KINDS: FindingKind[] = (Object.keys(RULES) as FindingKind[]).filter(
  (k) => k !== 'vulnerability',
);
const KINDS = SARIF_KINDS;

/**
 * One rule per kind of finding, with help text. The ids (`depgate/denied`, ...) never depend on where a
 * rule sits in the policy, so editing the policy does not rename every alert; the policy rule that
 * matched is in each result's properties.
 */
export function sarifRules(informationUri: string): ReportingDescriptor[] {
  return KINDS.map((kind) => ({
    id: `depgate/${kind}`,
    name: RULES[kind].name,
    shortDescription: { text: RULES[kind].short },
    fullDescription: { text: RULES[kind].help },
    help: { text: RULES[kind].help, markdown: `**${RULES[kind].short}.** ${RULES[kind].help}` },
    helpUri: `${informationUri}/blob/main/docs/policy.md`,
    defaultConfiguration: {
      level: kind === 'denied' || kind === 'license' || kind === 'source' ? 'error' : 'warning',
    },
  }));
}

/**
 * A valid exception as code scanning understands it: the alert opens dismissed, with the exception's
 * reason, owner and expiry as the justification. An expired exception excuses nothing: no suppression.
 */
export function sarifSuppressions(exception: ExceptionRef | undefined): Suppression[] | undefined {
  if (exception?.status !== 'valid') return undefined;
  return [
    {
      kind: 'external',
      status: 'accepted',
      justification: `${exception.id}: ${exception.reason} (owner ${exception.owner}, expires ${exception.expires})`,
    },
  ];
}

/** FNV-1a, for fingerprints that stay the same across runs for the same package in the same lockfile. */
export function sarifFingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** GitHub's `security-severity` for a band without a CVSS score: the middle of the band's score range. */
const BAND_SCORE = { critical: 9.5, high: 8.0, moderate: 5.5, low: 2.0, unknown: undefined } as const;

/** An advisory as a SARIF rule: its id, its summary, and a help link to the advisory. */
export function sarifAdvisoryRule(a: FindingAdvisory): ReportingDescriptor {
  const summary = printable(a.summary === '' ? a.id : a.summary);
  const aliases = a.aliases.length === 0 ? '' : ` Also known as ${a.aliases.map(printable).join(', ')}.`;
  const score = a.score ?? BAND_SCORE[a.severity];
  return {
    id: printable(a.id),
    name: 'KnownVulnerability',
    shortDescription: { text: summary },
    fullDescription: { text: `${summary} (severity ${a.severity}).${aliases}` },
    help: {
      text: `${summary}. Severity ${a.severity}.${aliases} Details: ${a.url}. Upgrade to the fix version, or add an exception naming the advisory.`,
      markdown: `**${escapeMarkdown(summary)}** (severity ${a.severity}).${escapeMarkdown(aliases)} [Details](${encodeURI(a.url)}). Upgrade to the fix version, or add an exception naming the advisory.`,
    },
    helpUri: a.url,
    defaultConfiguration: { level: 'error' },
    properties: {
      tags: ['security', 'vulnerability', 'dependency'],
      ...(score === undefined ? {} : { 'security-severity': score.toFixed(1) }),
    },
  };
}

/** A vulnerability finding as one result per advisory (each its own rule), at the lockfile line. */
function advisoryResults(f: Finding, report: Report, ruleIndex: (a: FindingAdvisory) => number): Result[] {
  return (f.advisories ?? []).map((a) => {
    const excused = a.exception?.status === 'valid';
    const fix = fixText(f);
    return {
      ruleId: printable(a.id),
      ruleIndex: ruleIndex(a),
      level: excused ? 'note' : f.level === 'notice' ? 'note' : f.level,
      message: {
        text: printable(
          `${f.name} ${changeText(f, report.mode)}: ${a.id} (${a.severity}) ${a.summary}; ${fix} (why it is there: ${whyText(f)})`,
        ),
      },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: f.lockfile, uriBaseId: '%SRCROOT%' },
            region: { startLine: f.line },
          },
        },
      ],
      partialFingerprints: {
        'depgatePackage/v1': sarifFingerprint(
          `${f.lockfile}\u0000${a.id}\u0000${f.ecosystem}\u0000${f.name}\u0000${f.version}`,
        ),
      },
      properties: {
        policyRule: f.rule.id,
        blocking: f.blocking && !excused,
        preExisting: f.preExisting,
        ecosystem: f.ecosystem,
        package: f.name,
        version: f.version,
        severity: a.severity,
        aliases: a.aliases,
        ...(f.fix === undefined ? {} : { fix: f.fix }),
        ...(f.fixAfter === undefined ? {} : { fixAfter: f.fixAfter }),
        ...(f.fixCommand === undefined ? {} : { fixCommand: f.fixCommand }),
        ...(a.exception === undefined
          ? {}
          : { exception: a.exception.id, exceptionStatus: a.exception.status }),
      },
      ...(excused ? { suppressions: sarifSuppressions(a.exception) } : {}),
    };
  });
}

/**
 * The report as SARIF 2.1.0 (code scanning): results at lockfile lines, one rule per kind of finding,
 * and one per advisory of a vulnerability (help link to the advisory).
 */
export function renderSarif(report: Report, options: { toolVersion: string; informationUri?: string }): Log {
  const informationUri = options.informationUri ?? 'https://github.com/depgate/depgate';
  const rules = sarifRules(informationUri);
  const advisoryIndex = new Map<string, number>();
  const ruleIndex = (a: FindingAdvisory): number => {
    let at = advisoryIndex.get(a.id);
    if (at === undefined) {
      at = rules.push(sarifAdvisoryRule(a)) - 1;
      advisoryIndex.set(a.id, at);
    }
    return at;
  };
  const results: Result[] = report.findings.flatMap((f): Result | Result[] =>
    f.kind === 'vulnerability'
      ? advisoryResults(f, report, ruleIndex)
      : {
          ruleId: `depgate/${f.kind}`,
          ruleIndex: KINDS.indexOf(f.kind),
          level: f.level === 'notice' ? 'note' : f.level,
          message: {
            text: `${f.name} ${changeText(f, report.mode)}: ${findingDetails(f).join('; ')} (why it is there: ${whyText(f)})`,
          },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: f.lockfile, uriBaseId: '%SRCROOT%' },
                region: { startLine: f.line },
              },
            },
          ],
          partialFingerprints: {
            'depgatePackage/v1': sarifFingerprint(
              `${f.lockfile}\u0000${f.kind}${f.supplyChain === undefined ? '' : `:${f.supplyChain.signal}`}\u0000${f.ecosystem}\u0000${f.name}\u0000${f.version}`,
            ),
          },
          properties: {
            policyRule: f.rule.id,
            blocking: f.blocking,
            preExisting: f.preExisting,
            ecosystem: f.ecosystem,
            package: f.name,
            version: f.version,
            ...(f.supplyChain === undefined ? {} : { supplyChain: f.supplyChain }),
            ...(f.exception === undefined
              ? {}
              : { exception: f.exception.id, exceptionStatus: f.exception.status }),
          },
          ...(f.exception?.status === 'valid' ? { suppressions: sarifSuppressions(f.exception) } : {}),
        },
  );
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'depgate', version: options.toolVersion, informationUri, rules } },
        results,
        properties: { verdict: report.verdict, counts: report.counts },
      },
    ],
  };
}

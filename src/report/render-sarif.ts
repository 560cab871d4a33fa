import type { Log, ReportingDescriptor, Result, Suppression } from 'sarif';
import type { ExceptionRef, FindingKind, Report } from '../gate/index.js';
import { changeText, findingDetails, whyText } from './describe.js';

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
  source: {
    name: 'PackageSource',
    short: 'A package fetched from a source or with an integrity the policy does not allow',
    help: 'The lockfile entry names a host or URL scheme outside sources.allowedHosts / sources.allowedSchemes, changes the integrity of a version already locked, names a git source not pinned to a commit, or records no integrity (lockfile injection points an entry at another host with a new integrity). Restore the entry (regenerate the lockfile from the registry), or allow the host in the policy.',
  },
};

/** The rules' order in a run's `tool.driver.rules` (a result's `ruleIndex`). */
export const SARIF_KINDS = Object.keys(RULES) as FindingKind[];
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

/** The report as SARIF 2.1.0 (code scanning): results at lockfile lines, one rule per kind of finding. */
export function renderSarif(report: Report, options: { toolVersion: string; informationUri?: string }): Log {
  const informationUri = options.informationUri ?? 'https://github.com/depgate/depgate';
  const rules = sarifRules(informationUri);
  const results: Result[] = report.findings.map((f) => ({
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
        `${f.lockfile}\u0000${f.kind}\u0000${f.ecosystem}\u0000${f.name}\u0000${f.version}`,
      ),
    },
    properties: {
      policyRule: f.rule.id,
      blocking: f.blocking,
      preExisting: f.preExisting,
      ecosystem: f.ecosystem,
      package: f.name,
      version: f.version,
      ...(f.exception === undefined
        ? {}
        : { exception: f.exception.id, exceptionStatus: f.exception.status }),
    },
    ...(f.exception?.status === 'valid' ? { suppressions: sarifSuppressions(f.exception) } : {}),
  }));
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

import { compareVersions } from '../../src/domain/index.js';
import {
  queryKey,
  type Advisory,
  type AdvisorySource,
  type PackageAdvisories,
  type PackageQuery,
  type VulnLookup,
} from '../../src/vulns/types.js';

/** An advisory as seeded in memory: the package it affects and its range, `[introduced, fixed)`. */
export interface SeededAdvisory extends Omit<Advisory, 'fixed' | 'url'> {
  ecosystem: PackageQuery['ecosystem'];
  name: string;
  introduced: string;
  fixed?: string;
}

/**
 * An AdvisorySource over a table in memory, for the gate's tests before (and beside) the OSV sources:
 * ranges ordered by the ecosystem's own rules, one "request" per lookup, and a log of what was asked.
 */
export function memoryAdvisorySource(
  seeded: readonly SeededAdvisory[],
  options: { label?: string; supported?: readonly string[]; fail?: Error } = {},
): AdvisorySource & { asked: PackageQuery[][] } {
  const asked: PackageQuery[][] = [];
  return {
    label: options.label ?? 'memory',
    asked,
    lookup(queries: readonly PackageQuery[]): Promise<VulnLookup> {
      asked.push([...queries]);
      if (options.fail !== undefined) return Promise.reject(options.fail);
      const found = new Map<string, PackageAdvisories>();
      const unsupported: PackageQuery[] = [];
      for (const q of queries) {
        if (options.supported !== undefined && !options.supported.includes(q.ecosystem)) {
          unsupported.push(q);
          continue;
        }
        const cmp = (a: string, b: string) => compareVersions(q.ecosystem, a, b) ?? 0;
        const hits = seeded.filter(
          (s) =>
            s.ecosystem === q.ecosystem &&
            s.name === q.name &&
            cmp(q.version, s.introduced) >= 0 &&
            (s.fixed === undefined || cmp(q.version, s.fixed) < 0),
        );
        if (hits.length === 0) continue;
        const advisories: Advisory[] = hits.map(({ ecosystem: _e, name: _n, introduced: _i, ...a }) => ({
          ...a,
          url: `https://osv.dev/vulnerability/${a.id}`,
        }));
        const fixes = hits.map((h) => h.fixed);
        const entry: PackageAdvisories = { advisories };
        if (fixes.every((f) => f !== undefined)) entry.fix = fixes.reduce((a, b) => (cmp(a, b) >= 0 ? a : b));
        found.set(queryKey(q), entry);
      }
      return Promise.resolve({ found, requests: 1, unsupported });
    },
  };
}

/** Real published advisories of the demo's packages (GitHub's advisory database), as seeds. */
export const DEMO_ADVISORIES: SeededAdvisory[] = [
  {
    id: 'GHSA-35jh-r3h4-6jhm',
    aliases: ['CVE-2021-23337'],
    summary: 'Command Injection in lodash',
    severity: 'high',
    score: 7.2,
    ecosystem: 'npm',
    name: 'lodash',
    introduced: '0',
    fixed: '4.17.21',
  },
  {
    id: 'GHSA-29mw-wpgm-hmr9',
    aliases: ['CVE-2020-28500'],
    summary: 'Regular Expression Denial of Service (ReDoS) in lodash',
    severity: 'moderate',
    score: 5.3,
    ecosystem: 'npm',
    name: 'lodash',
    introduced: '4.0.0',
    fixed: '4.17.21',
  },
  {
    id: 'GHSA-xvch-5gv4-984h',
    aliases: ['CVE-2021-44906'],
    summary: 'Prototype Pollution in minimist',
    severity: 'critical',
    score: 9.8,
    ecosystem: 'npm',
    name: 'minimist',
    introduced: '1.0.0',
    fixed: '1.2.6',
  },
  {
    id: 'GHSA-rv95-896h-c2vc',
    aliases: ['CVE-2024-29041'],
    summary: 'Express.js Open Redirect in malformed URLs',
    severity: 'moderate',
    score: 6.1,
    ecosystem: 'npm',
    name: 'express',
    introduced: '0',
    fixed: '4.19.2',
  },
  {
    id: 'GHSA-pxg6-pf52-xh8x',
    aliases: ['CVE-2024-47764'],
    summary: 'cookie accepts cookie name, path, and domain with out of bounds characters',
    severity: 'low',
    ecosystem: 'npm',
    name: 'cookie',
    introduced: '0',
    fixed: '0.7.0',
  },
];

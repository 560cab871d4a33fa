import { describe, expect, it } from 'vitest';
import { judgeSupplyChain, scriptAllowances, type Candidate } from '../../src/gate/index.js';
import { readPolicy } from '../../src/policy/index.js';
import type { RegistryLookup, RegistrySource, VersionFacts } from '../../src/registries/index.js';

const NOW = new Date('2025-09-14T12:00:00Z');
const policyOf = (yaml: string) => readPolicy(`supplyChain:\n${yaml}`, 'p.yml').supplyChain!;

function candidate(name: string, version: string, extra: Partial<Candidate> = {}): Candidate {
  return {
    lockfile: 'package-lock.json',
    pkg: { ecosystem: 'npm', name, version, line: 1 },
    transitivity: 'direct',
    change: 'added',
    preExisting: false,
    pathRecorded: true,
    askNewToOrg: false,
    ...extra,
  };
}

/** A registry answering from a table of versions by name; 404 for the rest. */
function registry(table: Record<string, Record<string, VersionFacts>>): RegistrySource & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async lookup(questions) {
      const out: RegistryLookup = {
        found: new Map(),
        notFound: [],
        failures: [],
        unsupported: [],
        requests: 0,
        minimumRequests: 0,
      };
      for (const q of questions) {
        asked.push(q.name);
        out.requests++;
        out.minimumRequests++;
        const versions = table[q.name];
        if (versions === undefined) out.notFound.push({ ...q, registry: 'https://r.example/' });
        else
          out.found.set(`npm\u0000${q.name}`, {
            registry: 'https://r.example/',
            versions: new Map(Object.entries(versions)),
          });
      }
      return out;
    },
  };
}

const at = (iso: string, more: Partial<VersionFacts> = {}): VersionFacts => ({
  published: iso,
  provenance: false,
  ...more,
});

describe('judging the supply chain of introduced versions', () => {
  it('pins the newest older release out of the cooldown, skipping prereleases and deprecated ones', async () => {
    const source = registry({
      x: {
        '1.0.0': at('2025-01-01T00:00:00Z'),
        '1.1.0': at('2025-02-01T00:00:00Z', { deprecated: 'broken' }),
        '1.2.0-beta.1': at('2025-03-01T00:00:00Z'),
        '1.2.0': at('2025-09-14T09:00:00Z'),
      },
    });
    const out = await judgeSupplyChain({
      policy: policyOf('  minimumReleaseAge: 1d\n'),
      registry: source,
      candidates: [candidate('x', '1.2.0')],
      now: NOW,
    });
    expect(out.findings.map((f) => f.message)).toEqual([
      'x 1.2.0 was published 3 hours ago (minimumReleaseAge 1d): wait until 2025-09-15 09:00 UTC or pin 1.0.0',
    ]);
  });

  it('holds back nothing excluded, and asks nothing about pre-existing versions', async () => {
    const source = registry({ '@acme/ui': { '2.0.0': at('2025-09-14T11:00:00Z') } });
    const out = await judgeSupplyChain({
      policy: policyOf('  minimumReleaseAgeExclude: ["@acme/*"]\n'),
      registry: source,
      candidates: [candidate('@acme/ui', '2.0.0'), candidate('old', '1.0.0', { preExisting: true })],
      now: NOW,
    });
    expect(out.findings).toEqual([]);
    expect(source.asked).toEqual(['@acme/ui']);
  });

  it("finds a provenance regression against the package's previous release when nothing is replaced", async () => {
    const source = registry({
      y: { '1.0.0': at('2025-01-01T00:00:00Z', { provenance: true }), '1.0.1': at('2025-02-01T00:00:00Z') },
    });
    const out = await judgeSupplyChain({
      policy: policyOf('  provenance: fail\n'),
      registry: source,
      candidates: [candidate('y', '1.0.1')],
      now: NOW,
    });
    expect(out.findings.map((f) => [f.level, f.supplyChain])).toEqual([
      ['error', { signal: 'provenance', registry: 'https://r.example/', attestedVersion: '1.0.0' }],
    ]);
  });

  it('fails closed on a version the registry does not list, or without a publish time', async () => {
    const source = registry({ z: { '1.0.0': { provenance: false } } });
    const out = await judgeSupplyChain({
      policy: policyOf(''),
      registry: source,
      candidates: [candidate('z', '1.0.0'), candidate('z', '9.9.9')],
      now: NOW,
    });
    expect(out.notes.map((n) => n.level)).toEqual(['error', 'error']);
    expect(out.notes.map((n) => n.message).join('\n')).toMatch(
      /no publish time for z 1\.0\.0[\s\S]*does not list z 9\.9\.9/,
    );
  });

  it('never passes in silence without a registry', async () => {
    const out = await judgeSupplyChain({
      policy: policyOf(''),
      candidates: [candidate('z', '1.0.0')],
      now: NOW,
    });
    expect(out.notes[0]).toMatchObject({ level: 'error' });
  });
});

describe("the repository's own install-script allow lists", () => {
  it('reads pnpm, bun and yarn settings, and nothing from a file it cannot read', () => {
    expect(
      [
        ...scriptAllowances({
          packageJson: JSON.stringify({
            pnpm: { onlyBuiltDependencies: ['esbuild'] },
            trustedDependencies: ['sharp'],
            dependenciesMeta: { 'fsevents@2.3.2': { built: true }, 'core-js': { built: false } },
          }),
          pnpmWorkspace: 'onlyBuiltDependencies:\n  - "@swc/core"\n',
        }),
      ].sort(),
    ).toEqual(['@swc/core', 'esbuild', 'fsevents', 'sharp']);
    expect(scriptAllowances({ packageJson: '{not json', pnpmWorkspace: ': : :' }).size).toBe(0);
  });
});

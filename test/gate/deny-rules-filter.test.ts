import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WireDependencyFilter } from '../../src/core/index.js';
import { ECOSYSTEMS, type Ecosystem } from '../../src/domain/index.js';
import { denyRulesFilters, FILTERS_PER_REQUEST } from '../../src/gate/index.js';
import { denyRulesFor, matchesPackageFilter, matchesRule, type PackageRule } from '../../src/policy/index.js';
import { buildPolicy } from './build-policy.js';

/**
 * Whether a listing that compares names as the platform's filter semantics say (case-insensitive, whole
 * name or substring; no other normalisation: the emulator's own matching) returns a package.
 */
const listed = (filters: WireDependencyFilter[], pkg: { ecosystem: string; name: string; version: string }) =>
  filters.some(
    (f) =>
      (f.ecosystem === undefined || f.ecosystem.includes(pkg.ecosystem)) &&
      (f.packageFilters ?? []).some((pf) => matchesPackageFilter(pkg, pf)),
  );

const piece = fc.stringMatching(/^[a-z0-9]{1,6}$/);
const separators: Partial<Record<Ecosystem, string[]>> = { pypi: ['-', '_', '.'], cargo: ['-', '_'] };

describe('deny rules as the listing filter, never narrower than the rules', () => {
  it.each([
    ['pypi', 'typing-extensions', ['Typing_Extensions', 'typing.extensions', 'TYPING-EXTENSIONS']],
    ['pypi', 'zope.interface', ['zope-interface', 'Zope_Interface']],
    ['cargo', 'serde_json', ['serde-json']],
    ['maven', 'org.apache.logging.log4j/log4j-core', ['org.apache.logging.log4j:log4j-core']],
    [
      'swiftpm',
      'https://github.com/Quick/Nimble.git',
      ['github.com/Quick/Nimble', 'git@github.com:Quick/Nimble'],
    ],
    ['npm', 'JSONStream', ['jsonstream']],
  ] as const)('finds every %s spelling of %s', (ecosystem, name, spelled) => {
    const policy = buildPolicy({ deny: [{ name, exactNameMatch: true, ecosystem }] });
    const filters = denyRulesFilters(policy.deny);
    for (const other of spelled) {
      const pkg = { ecosystem, name: other, version: '1.0.0', lockfilePath: 'x' };
      expect(matchesRule(pkg, policy.deny[0]!)).toBe(true);
      expect(listed(filters, pkg)).toBe(true);
    }
  });

  it('asks without the versions (depgate orders them) and narrows to the ecosystems when every rule names one', () => {
    const policy = buildPolicy({
      deny: [
        { name: 'lodash', exactNameMatch: true, versionUpperBound: '<4.17.21', ecosystem: 'npm' },
        { name: 'PyYAML', exactNameMatch: true, exactVersion: '5.3.1', ecosystem: 'pypi' },
      ],
    });
    expect(denyRulesFilters(policy.deny)).toEqual([
      {
        packageFilters: [
          { name: 'lodash', exactNameMatch: true },
          { name: 'pyyaml', exactNameMatch: true },
        ],
        ecosystem: ['npm', 'pypi'],
      },
    ]);
  });

  it('keeps every request within 1,000 package filters', () => {
    const policy = buildPolicy({
      deny: Array.from({ length: 700 }, (_, i) => ({ name: `a-b-${i}`, exactNameMatch: true })),
    });
    const filters = denyRulesFilters(policy.deny);
    expect(filters.length).toBeGreaterThan(1);
    for (const f of filters) expect(f.packageFilters!.length).toBeLessThanOrEqual(FILTERS_PER_REQUEST);
  });

  it('returns every package a rule matches, whatever its spelling (property)', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(...ECOSYSTEMS),
        fc.boolean(),
        fc.infiniteStream(fc.nat()),
        (pieces, ecosystem, ruleHasEcosystem, draws) => {
          const seps = separators[ecosystem] ?? ['-'];
          const draw = (n: number) => draws.next().value % n;
          const spell = () =>
            pieces
              .map(
                (p, i) => `${i === 0 ? '' : seps[draw(seps.length)]!}${draw(2) === 0 ? p : p.toUpperCase()}`,
              )
              .join('');
          const rule: Omit<PackageRule, 'index' | 'at'> = {
            name: spell(),
            exactNameMatch: true,
            ...(ruleHasEcosystem ? { ecosystem } : {}),
          };
          const policy = buildPolicy({ deny: [rule] });
          const pkg = { ecosystem, name: spell(), version: '1.0.0', lockfilePath: 'x' };
          if (matchesRule(pkg, policy.deny[0]!) !== true) return;
          expect(listed(denyRulesFilters(policy.deny), pkg)).toBe(true);
          expect(denyRulesFor(policy.deny, pkg)).toContain(policy.deny[0]);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

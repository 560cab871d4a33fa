// The JSON report in chunks: the same bytes as one JSON.stringify of the whole, for real audits and for
// any JSON-shaped value (toJSON, left-out values, nesting past the walked depth included).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderAuditJsonChunks, runAudit, type AuditReport } from '../../src/audit/index.js';
import { generateDataset } from '../../src/emulator/generate.js';
import { SEED_DEPLOYMENT } from '../../src/emulator/seed.js';
import { readPolicy } from '../../src/policy/index.js';
import { startTestEmulator } from '../helpers/emulator.js';

const whole = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const chunked = (value: unknown) => [...renderAuditJsonChunks(value as AuditReport)];

const dataset = generateDataset({ repositories: 60, dependenciesPerRepository: 100, seed: 7 });
const { client } = await startTestEmulator({ dataset });
const platform = () => ({
  client: client(),
  deploymentId: SEED_DEPLOYMENT.id,
  deploymentSlug: SEED_DEPLOYMENT.slug,
});
const names = [...new Set(dataset.dependencies.map((d) => d.name))].slice(0, 12);
const policy = readPolicy(
  `deny:\n${names.map((n) => `  - name: ${n}\n    exactNameMatch: true\n    reason: "test: \\"quoted\\"\\nline"`).join('\n')}\n` +
    `  - name: ${names[0]}\n    versionUpperBound: "<1.0.0"\n` +
    `exceptions:\n  - name: ${names[1]}\n    exactNameMatch: true\n    owner: team-a\n    expires: 2099-01-01\n    reason: accepted\n` +
    `  - name: ${names[2]}\n    exactNameMatch: true\n    owner: team-b\n    expires: 2001-01-01\n    reason: old\n` +
    `  - name: not-used-anywhere\n    exactNameMatch: true\n    owner: team-c\n    expires: 2099-01-01\n    reason: spare\n` +
    `licenses:\n  deny: [GPL-3.0-only]\n`,
  'policy.yml',
);

describe('renderAuditJsonChunks', () => {
  it('writes a real audit byte for byte as JSON.stringify(report, null, 2) does', async () => {
    const report = await runAudit(platform(), policy, {
      now: new Date('2050-01-01T00:00:00Z'),
      version: '1.2.3',
    });
    expect(report.counts.violations).toBeGreaterThan(100);
    expect(report.counts.excused).toBeGreaterThan(0);
    report.tagging = {
      tag: 'audit',
      dryRun: true,
      added: ['a/b'],
      removed: [],
      unchanged: 2,
      noProject: [],
      failed: [{ project: 'x', action: 'add', error: 'e "1"\n2' }],
    };
    const chunks = chunked(report);
    expect(chunks.join('')).toBe(whole(report));
    expect(chunks.length).toBeGreaterThan(1);
    // Every chunk but the last is one piece past 64 K at most (a piece is one violation).
    for (const c of chunks.slice(0, -1)) expect(c.length).toBeLessThan(64 * 1024 + 4096);
  });

  it('writes an audit with nothing found as one small chunk', async () => {
    const quiet = readPolicy(
      'deny:\n  - name: no-such-package-anywhere\n    exactNameMatch: true\n',
      'p.yml',
    );
    const report = await runAudit(platform(), quiet, { now: new Date(0), version: '1' });
    expect([...report.repositories]).toEqual([]);
    expect(chunked(report)).toEqual([whole(report)]);
  });

  it('matches JSON.stringify for left-out values, toJSON, empty containers and deep nesting', () => {
    const value = {
      a: undefined,
      f: () => 1,
      s: Symbol('x'),
      d: new Date(0),
      custom: { toJSON: (key: string) => ({ key, n: [1, undefined, () => 2] }) },
      empty: {},
      list: [],
      deep: [[[[[[[[{ x: '\u2028"\\', y: [{}, []] }]]]]]]]],
      nul: null,
      map: new Map([[1, 2]]),
      n: [NaN, -0, Infinity, 1e21],
    };
    expect(chunked(value).join('')).toBe(whole(value));
    expect(chunked([]).join('')).toBe(whole([]));
    expect(chunked('text').join('')).toBe(whole('text'));
    expect(chunked({ toJSON: () => undefined }).join('')).toBe('null\n');
  });

  it('matches JSON.stringify for any JSON-shaped value', () => {
    fc.assert(
      fc.property(fc.anything({ maxDepth: 9, withDate: true, withNullPrototype: false }), (value) => {
        const expected = JSON.stringify(value, null, 2) as string | undefined;
        fc.pre(expected !== undefined);
        expect(chunked(value).join('')).toBe(`${expected}\n`);
      }),
      { numRuns: 300 },
    );
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  defaultPolicy,
  isPolicyError,
  readPolicy,
  type Policy,
  type PolicyProblem,
} from '../../src/policy/index.js';

function problems(yaml: string): PolicyProblem[] {
  try {
    readPolicy(yaml, 'depgate.yml');
  } catch (error) {
    if (isPolicyError(error)) return error.problems;
    throw error;
  }
  throw new Error('the policy was read without a mistake');
}

const brief = (p: PolicyProblem) => `${p.line}:${p.column} ${p.path}: ${p.message}`;

describe('readPolicy', () => {
  it('reads a full policy with every default filled in and where each rule was written', () => {
    const policy = readPolicy(
      `deny:
  - { name: event-stream, exactNameMatch: true, exactVersion: 3.3.6, ecosystem: npm, reason: compromised }
  - name: Django
    ecosystem: PyPI
    versionLowerBound: ">=4.0"
    versionUpperBound: "<4.2.10"
    paths: ["services/**"]
exceptions:
  - { name: lodash, exactNameMatch: true, exactVersion: 4.17.20, reason: "pinned by vendor", owner: "@web", expires: 2027-01-31 }
licenses:
  deny: [GPL-3.0-only, AGPL-3.0-or-later]
newToOrg: fail
paths: { exclude: ["examples/**"] }
`,
      '.github/depgate.yml',
    );
    expect(policy).toEqual<Policy>({
      source: '.github/depgate.yml',
      deny: [
        {
          name: 'event-stream',
          exactNameMatch: true,
          exactVersion: '3.3.6',
          ecosystem: 'npm',
          reason: 'compromised',
          index: 0,
          at: { line: 2, column: 5 },
        },
        {
          name: 'Django',
          ecosystem: 'pypi',
          versionLowerBound: '>=4.0',
          versionUpperBound: '<4.2.10',
          paths: ['services/**'],
          index: 1,
          at: { line: 3, column: 5 },
        },
      ],
      exceptions: [
        {
          name: 'lodash',
          exactNameMatch: true,
          exactVersion: '4.17.20',
          reason: 'pinned by vendor',
          owner: '@web',
          expires: '2027-01-31',
          index: 0,
          at: { line: 9, column: 5 },
        },
      ],
      licenses: { deny: ['GPL-3.0-only', 'AGPL-3.0-or-later'], unknown: 'warn' },
      newToOrg: 'fail',
      preExisting: 'report',
      paths: { include: ['**'], exclude: ['examples/**'] },
    });
  });

  it('reads an empty file, or one of comments, as the defaults', () => {
    expect(readPolicy('', 'p.yml')).toEqual(defaultPolicy('p.yml'));
    expect(readPolicy('# nothing yet\n', 'p.yml')).toEqual(defaultPolicy('p.yml'));
  });

  it('reads versions and dates as written, not as YAML numbers', () => {
    const policy = readPolicy('deny:\n  - name: a\n    exactVersion: 1.10\n', 'p.yml');
    expect(policy.deny[0]!.exactVersion).toBe('1.10');
  });

  it('reads the demo repository policy', () => {
    const text = readFileSync(
      join(import.meta.dirname, '../../examples/demo/head/.github/depgate.yml'),
      'utf8',
    );
    const policy = readPolicy(text, '.github/depgate.yml');
    expect(policy.deny.map((r) => r.name)).toEqual(['lodash', 'minimist', 'left-pad']);
    expect(policy.exceptions.map((e) => e.expires)).toEqual(['2027-06-30', '2026-01-31']);
  });

  it('lists every mistake at once, each at its line and column, with what is allowed', () => {
    const found = problems(`deny:
  - name: lodash
    versionUpperBound: "4.0"
  - name: x
    versionUpperbound: "<1"
    ecosystem: pypy
  - exactNameMatch: true
  - name: y
    exactVersion: 1.10
    versionLowerBound: "<=2"
exceptions:
  - name: z
    reason: ok
    expires: 2027-02-30
licenses:
  allow: [MIT]
  deny: [gpl-3.0, mit]
  unknown: maybe
newToOrg: yes
paths: "**"
extra: 1
`);
    expect(found.map(brief)).toEqual([
      '3:24 deny[0].versionUpperBound: "4.0" needs an operator (<, <=)',
      '5:5 deny[1].versionUpperbound: unknown key "versionUpperbound" (did you mean "versionUpperBound"?); allowed: name, exactNameMatch, exactVersion, versionLowerBound, versionUpperBound, ecosystem, paths, reason',
      '6:16 deny[1].ecosystem: "pypy" is not an ecosystem; one of: npm, pypi, gomod, cargo, maven, gem, composer, nuget, pub, swiftpm, hex, cocoapods',
      '7:5 deny[2]: the rule matches every package: give it a name, an exactVersion or version bounds',
      '9:19 deny[3].exactVersion: exactVersion and version bounds together: an exact version takes precedence, so write one or the other',
      '10:24 deny[3].versionLowerBound: "<=2": this bound takes > or >=, not <=',
      '12:5 exceptions[0].owner: required: a text',
      '14:14 exceptions[0].expires: "2027-02-30" is not a date: write YYYY-MM-DD (the last day the exception excuses, UTC)',
      '17:9 licenses.deny: licenses.allow and licenses.deny together: choose one list',
      '17:10 licenses.deny[0]: "gpl-3.0" is not an SPDX license id or expression (did you mean GPL-3.0-only or GPL-3.0-or-later?); ids at https://spdx.org/licenses/',
      '17:19 licenses.deny[1]: "mit" is not an SPDX license id or expression (did you mean MIT?); ids at https://spdx.org/licenses/',
      '18:12 licenses.unknown: "maybe" is not one of: warn, fail, ignore',
      '19:11 newToOrg: "yes" is not one of: off, warn, fail',
      '20:8 paths: expected a mapping, got "**"',
      '21:1 extra: unknown key "extra"; allowed: deny, exceptions, licenses, newToOrg, preExisting, vulnerabilities, supplyChain, sources, paths',
    ]);
  });

  it('puts the file, line and column of each mistake in the message', () => {
    try {
      readPolicy('newToOrg: sometimes\n', '.github/depgate.yml');
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toContain(
        '.github/depgate.yml:1:11: newToOrg: "sometimes" is not one of: off, warn, fail',
      );
    }
  });

  it.each([
    ['a YAML syntax error', 'deny: [\n  {name: a}\n  x: : y', '3:3'],
    ['a key written twice', 'newToOrg: warn\nnewToOrg: fail\n', '2:1'],
    ['a list where a mapping belongs', '- a\n- b\n', '1:1'],
    ['a string where a list belongs', 'deny: lodash\n', '1:7'],
    [
      'a lower bound above the upper',
      'deny:\n  - name: a\n    ecosystem: npm\n    versionLowerBound: ">=3.0.0"\n    versionUpperBound: "<2.0.0"\n',
      '4:24',
    ],
    [
      'a version the ecosystem cannot order',
      'deny:\n  - name: a\n    ecosystem: npm\n    versionUpperBound: "<banana"\n',
      '4:24',
    ],
    [
      'an empty owner',
      'exceptions:\n  - name: a\n    reason: r\n    owner: ""\n    expires: 2027-01-01\n',
      '4:12',
    ],
    ['an empty glob', 'paths:\n  include: ["**", ""]\n', '2:19'],
    ['a boolean written as text', 'deny:\n  - name: a\n    exactNameMatch: "yes"\n', '3:21'],
  ])('finds %s', (_, yaml, where) => {
    const [first] = problems(yaml);
    expect(`${first!.line}:${first!.column}`).toBe(where);
  });

  it('accepts ecosystem aliases and stores the ecosystem', () => {
    const policy = readPolicy(
      'deny:\n  - { name: a, ecosystem: crates.io }\n  - { name: b, ecosystem: go }\n  - { name: c, ecosystem: RubyGems }\n',
      'p.yml',
    );
    expect(policy.deny.map((r) => r.ecosystem)).toEqual(['cargo', 'gomod', 'gem']);
  });
});

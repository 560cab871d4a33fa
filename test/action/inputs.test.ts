import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { INPUT_DEFAULTS, readInputs } from '../../src/action/index.js';
import { isSetupError } from '../../src/edge-shared/index.js';
import { VERSION } from '../../src/version.js';

const yml = parse(readFileSync(join(import.meta.dirname, '../../action.yml'), 'utf8')) as {
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string };
};
const inputsOf = (given: Record<string, string>) => readInputs((name) => given[name] ?? '', 'acme/web');

describe('the Action inputs', () => {
  it('action.yml declares every input, described, with the default the code uses', () => {
    expect(Object.keys(yml.inputs).sort()).toEqual(Object.keys(INPUT_DEFAULTS).sort());
    for (const [name, input] of Object.entries(yml.inputs)) {
      expect(input.description.length, name).toBeGreaterThan(10);
      expect(String(input.default), name).toBe(INPUT_DEFAULTS[name as keyof typeof INPUT_DEFAULTS]);
    }
    expect(Object.keys(yml.outputs).sort()).toEqual(['introduced', 'report', 'verdict', 'violations']);
    expect(yml.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
    // The version the Action reports (user agent, SARIF, the JSON report) is package.json's.
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
      version: string;
    };
    expect(VERSION).toBe(pkg.version);
  });

  it('reads defaults when inputs are empty, project-name from the repository', () => {
    expect(inputsOf({ 'github-token': 't' })).toMatchObject({
      apiUrl: 'https://semgrep.dev',
      apiToken: undefined,
      projectName: 'acme/web',
      policy: { kind: 'path', path: '.github/depgate.yml', explicit: false },
      platform: 'on',
      comment: 'always',
      warnOnly: false,
      tagOnPass: 'deps:clean',
      tagOnFail: 'deps:blocked',
      githubToken: 't',
    });
  });

  it('tells a policy path from inline YAML', () => {
    expect(inputsOf({ policy: './policies/web.yml' }).policy).toEqual({
      kind: 'path',
      path: 'policies/web.yml',
      explicit: true,
    });
    expect(inputsOf({ policy: 'newToOrg: fail' }).policy).toEqual({ kind: 'inline', text: 'newToOrg: fail' });
    expect(inputsOf({ policy: 'deny:\n  - { name: x }\n' }).policy.kind).toBe('inline');
  });

  it('lists every problem at once, each naming its input', () => {
    let error: unknown;
    try {
      inputsOf({
        platform: 'maybe',
        'deployment-id': 'acme',
        'fail-on-tag-error': 'yes',
        policy: '../x.yml',
      });
    } catch (e) {
      error = e;
    }
    expect(isSetupError(error)).toBe(true);
    const problems = (error as { problems: string[] }).problems;
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/input platform: 'maybe' is not one of on, off/);
    expect(problems.join('\n')).toMatch(/input deployment-id/);
    expect(problems.join('\n')).toMatch(/input fail-on-tag-error/);
    expect(problems.join('\n')).toMatch(/input policy/);
  });
});

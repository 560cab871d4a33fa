import { describe, expect, it } from 'vitest';
import { isUserError } from '../../src/domain/index.js';
import { parseRules } from '../../src/relay/index.js';

const mistakes = (text: string): string => {
  try {
    parseRules(text, 'rules.yml');
  } catch (error) {
    expect(isUserError(error, 'rules')).toBe(true);
    return (error as Error).message;
  }
  throw new Error('the rules were read');
};

describe('the relay rules schema', () => {
  it('lists every mistake at its line, in the order written', () => {
    const text = [
      'routes:',
      '  - match:',
      '      adminOnly: 1',
      '      status: [STATUS_SEEN, bad]',
      '      link: 3',
      '      atLeast: null',
      '    to:',
      '      - githubComment: acme/app#0',
      '      - githubComment: linked',
      '      - { slackChannel: "  " }',
      '      - { slackChannel: a, slackWebhook: b }',
      '      - null',
      '      - teams: x',
      '  - 5',
      '  - match: 3',
      '    to: { slackWebhook: "ftp://x" }',
      '    digest: yes',
      '    other: 1',
    ].join('\n');
    expect(mistakes(text)).toBe(
      [
        'rules.yml: 14 problems in the relay rules:',
        '  rules.yml:3: routes[0].match.adminOnly: expected true or false',
        '  rules.yml:4: routes[0].match.status: expected STATUS_DELIVERED, STATUS_SEEN or STATUS_ARCHIVED',
        '  rules.yml:5: routes[0].match.link: expected a regular expression as a string',
        '  rules.yml:6: routes[0].match.atLeast: expected info, warning or error (got null)',
        `  rules.yml:8: routes[0].to[0].githubComment: expected 'linked' (the pull request the notification links to) or OWNER/REPO#NUMBER (got "acme/app#0")`,
        '  rules.yml:10: routes[0].to[2].slackChannel: expected a channel id or name',
        '  rules.yml:11: routes[0].to[3]: expected exactly one of slackWebhook, slackChannel, githubComment',
        '  rules.yml:12: routes[0].to[4]: expected exactly one of slackWebhook, slackChannel, githubComment',
        "  rules.yml:13: routes[0].to[5]: unknown destination 'teams' (expected: slackWebhook, slackChannel, githubComment)",
        '  rules.yml:14: routes[1]: expected a mapping with match and to',
        '  rules.yml:15: routes[2].match: expected a mapping',
        '  rules.yml:16: routes[2].to[0].slackWebhook: expected an http(s) URL',
        '  rules.yml:17: routes[2].digest: expected true or false',
        "  rules.yml:18: routes[2]: unknown field 'other' (expected: match, to, digest)",
      ].join('\n'),
    );
  });

  it('says what a file without routes, or with unknown top-level keys, lacks', () => {
    expect(mistakes('nope: 1\n')).toBe(
      [
        'rules.yml: 2 problems in the relay rules:',
        "  rules.yml:1: unknown field 'nope' (expected: routes)",
        '  rules.yml:1: routes: expected a list of routes',
      ].join('\n'),
    );
    expect(mistakes('- a\n')).toContain('rules.yml:1: expected a mapping with a `routes` list');
    expect(mistakes('routes:\n  - match: {}\n')).toContain(
      'rules.yml:2: routes[0].to: expected at least one destination',
    );
  });

  it('reads one destination written without its list, severities in any case, and digests', () => {
    const [rule] = parseRules(
      'routes:\n  - to:\n      githubComment: acme/app#12\n    digest: true\n    match: { severity: [info, WARNING], status: STATUS_SEEN, text: "x+" }\n',
      'rules.yml',
    );
    expect(rule).toEqual({
      to: [{ kind: 'github', repository: 'acme/app', number: 12 }],
      digest: true,
      severity: ['SEVERITY_INFO', 'SEVERITY_WARNING'],
      status: ['STATUS_SEEN'],
      titlePattern: /x+/i,
    });
  });
});

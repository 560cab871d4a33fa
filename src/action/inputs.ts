import { DEFAULT_BASE_URL, SetupError } from '../edge-shared/index.js';

/** The Action's inputs, typed; `action.yml` names them in kebab-case and gives the same defaults. */
export interface ActionInputs {
  apiUrl: string;
  apiToken: string | undefined;
  deploymentId: number | undefined;
  deploymentSlug: string | undefined;
  /** Default `owner/repo` of the run. */
  projectName: string;
  /** A path in the repository, or inline YAML. */
  policy: PolicyInput;
  platform: 'on' | 'off';
  comment: 'always' | 'on-failure' | 'never';
  warnOnly: boolean;
  tagOnPass: string;
  tagOnFail: string;
  failOnTagError: boolean;
  /** A path (relative to the workspace) to write SARIF to. */
  sarif: string | undefined;
  githubToken: string | undefined;
  /** The login the token writes comments as, when the workflow states it (a GitHub App's `slug[bot]`). */
  commentAuthor: string | undefined;
  /** OSV's API for the policy's vulnerabilities check (default https://api.osv.dev). */
  osvUrl: string | undefined;
  /** A folder (relative to the workspace) of OSV's per-ecosystem exports, read instead of the network. */
  osvDatabase: string | undefined;
}

export type PolicyInput =
  { kind: 'path'; path: string; explicit: boolean } | { kind: 'inline'; text: string };

/** One source of the defaults: action.yml's `default:` values are checked against these by a test. */
export const INPUT_DEFAULTS = {
  'api-url': DEFAULT_BASE_URL,
  'api-token': '',
  'deployment-id': '',
  'deployment-slug': '',
  'project-name': '',
  policy: '.github/depgate.yml',
  platform: 'on',
  comment: 'always',
  'warn-only': 'false',
  'tag-on-pass': 'deps:clean',
  'tag-on-fail': 'deps:blocked',
  'fail-on-tag-error': 'false',
  sarif: '',
  'github-token': '${{ github.token }}',
  'comment-author': '',
  'osv-url': '',
  'osv-database': '',
} as const;

export type InputName = keyof typeof INPUT_DEFAULTS;

const TRUE = ['true', 'True', 'TRUE'];
const FALSE = ['false', 'False', 'FALSE'];

/**
 * Reads every input through `getInput` (core.getInput: trimmed, '' when unset) and checks them all at
 * once: a SetupError lists every problem, each naming its input and the values it takes.
 */
export function readInputs(getInput: (name: InputName) => string, repository: string): ActionInputs {
  const problems: string[] = [];
  const text = (name: InputName): string => {
    const value = getInput(name).trim();
    return value === '' ? (name === 'github-token' ? '' : INPUT_DEFAULTS[name]) : value;
  };
  const optional = (name: InputName): string | undefined => text(name) || undefined;
  const oneOf = <T extends string>(name: InputName, allowed: readonly T[]): T => {
    const value = text(name);
    if ((allowed as readonly string[]).includes(value)) return value as T;
    problems.push(`input ${name}: '${value}' is not one of ${allowed.join(', ')}`);
    return INPUT_DEFAULTS[name] as T;
  };
  const bool = (name: InputName): boolean => {
    const value = text(name);
    if (TRUE.includes(value)) return true;
    if (FALSE.includes(value)) return false;
    problems.push(`input ${name}: '${value}' is not a boolean (true or false)`);
    return false;
  };
  const tag = (name: InputName): string => {
    const value = text(name);
    // eslint-disable-next-line no-control-regex
    if (value.length > 128 || /[\u0000-\u001f\u007f]/.test(value))
      problems.push(`input ${name}: a tag is 1 to 128 characters without control characters`);
    return value;
  };

  let deploymentId: number | undefined;
  const id = optional('deployment-id');
  if (id !== undefined) {
    if (/^\d+$/.test(id)) deploymentId = Number(id);
    else
      problems.push(
        `input deployment-id: '${id}' is not a number (leave it empty to find it from the token)`,
      );
  }
  const apiUrl = text('api-url');
  if (!/^https?:\/\/[^\s]+$/.test(apiUrl))
    problems.push(`input api-url: '${apiUrl}' is not an http(s) URL (such as ${DEFAULT_BASE_URL})`);

  const rawPolicy = getInput('policy');
  const policy: PolicyInput =
    rawPolicy.includes('\n') || /^\s*[\w-]+\s*:/.test(rawPolicy) || rawPolicy.trim() === '{}'
      ? { kind: 'inline', text: rawPolicy }
      : { kind: 'path', path: text('policy').replace(/^\.\//, ''), explicit: rawPolicy.trim() !== '' };
  if (policy.kind === 'path' && (policy.path.startsWith('/') || policy.path.split('/').includes('..')))
    problems.push(`input policy: '${policy.path}' must be a path inside the repository (or inline YAML)`);

  const inputs: ActionInputs = {
    apiUrl,
    apiToken: optional('api-token'),
    deploymentId,
    deploymentSlug: optional('deployment-slug'),
    projectName: optional('project-name') ?? repository,
    policy,
    platform: oneOf('platform', ['on', 'off'] as const),
    comment: oneOf('comment', ['always', 'on-failure', 'never'] as const),
    warnOnly: bool('warn-only'),
    tagOnPass: tag('tag-on-pass'),
    tagOnFail: tag('tag-on-fail'),
    failOnTagError: bool('fail-on-tag-error'),
    sarif: optional('sarif'),
    githubToken: getInput('github-token').trim() || undefined,
    commentAuthor: optional('comment-author'),
    osvUrl: optional('osv-url'),
    osvDatabase: optional('osv-database'),
  };
  if (
    inputs.commentAuthor !== undefined &&
    !/^[A-Za-z0-9][A-Za-z0-9-]*(\[bot\])?$/.test(inputs.commentAuthor)
  )
    problems.push(
      `input comment-author: '${inputs.commentAuthor}' is not a GitHub login (such as my-app[bot])`,
    );
  if (problems.length > 0)
    throw new SetupError(
      `the inputs have ${problems.length} problem(s):\n  ${problems.join('\n  ')}`,
      problems,
    );
  return inputs;
}

import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { z } from 'zod';
import { UserError } from '../domain/index.js';
import type { RouteRule } from './route.js';
import type { Destination } from './types.js';

const SEVERITIES = ['SEVERITY_INFO', 'SEVERITY_WARNING', 'SEVERITY_ERROR'] as const;
type Severity = (typeof SEVERITIES)[number];

function severityName(value: unknown): Severity | undefined {
  if (typeof value !== 'string') return undefined;
  const upper = value.toUpperCase();
  const name = upper.startsWith('SEVERITY_') ? upper : `SEVERITY_${upper}`;
  return (SEVERITIES as readonly string[]).includes(name) ? (name as Severity) : undefined;
}

/** Every mistake of a rules file, each with its line. */
export class RulesError extends UserError {
  override readonly name = 'RulesError';
  readonly kind = 'rules';
  constructor(
    readonly source: string,
    readonly problems: { line: number; message: string }[],
  ) {
    super(
      `${source}: ${problems.length} problem${problems.length === 1 ? '' : 's'} in the relay rules:\n` +
        problems.map((p) => `  ${source}:${p.line}: ${p.message}`).join('\n'),
    );
  }
}

/**
 * A field read by `read`: its value, or the problem with it. A problem that starts with `.` names a
 * key inside the field (`.slackWebhook: ...`) and is shown at the field's own line.
 */
const field = <T>(read: (value: unknown) => { value: T } | { problem: string }) =>
  z.unknown().transform((input, ctx): T => {
    const result = read(input);
    if ('value' in result) return result.value;
    ctx.addIssue({ code: 'custom', message: result.problem, input });
    return z.NEVER;
  });

const pattern = field((value) => {
  if (typeof value !== 'string') return { problem: 'expected a regular expression as a string' };
  try {
    return { value: new RegExp(value, 'i') };
  } catch (error) {
    return { problem: (error as Error).message };
  }
});

const MATCH_KEYS = ['severity', 'atLeast', 'adminOnly', 'status', 'text', 'link'] as const;
const match = z.strictObject(
  {
    severity: field((value) => {
      const list = Array.isArray(value) ? value : [value];
      const names = list.map(severityName);
      return list.length === 0 || names.some((n) => n === undefined)
        ? { problem: `expected one or a list of info, warning, error (got ${JSON.stringify(value)})` }
        : { value: names as string[] };
    }).optional(),
    atLeast: field((value) => {
      const name = severityName(value);
      return name === undefined
        ? { problem: `expected info, warning or error (got ${JSON.stringify(value)})` }
        : { value: name };
    }).optional(),
    adminOnly: z.boolean({ error: 'expected true or false' }).optional(),
    status: field((value) => {
      const list = Array.isArray(value) ? value : [value];
      return list.some((s) => typeof s !== 'string' || !/^STATUS_[A-Z]+$/.test(s))
        ? { problem: 'expected STATUS_DELIVERED, STATUS_SEEN or STATUS_ARCHIVED' }
        : { value: list as string[] };
    }).optional(),
    text: pattern.optional(),
    link: pattern.optional(),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'expected a mapping' : undefined) },
);

const DESTINATIONS = 'slackWebhook, slackChannel, githubComment';
const destination = field((dest): { value: Destination } | { problem: string } => {
  const keys = dest !== null && typeof dest === 'object' && !Array.isArray(dest) ? Object.keys(dest) : [];
  if (keys.length !== 1) return { problem: `expected exactly one of ${DESTINATIONS}` };
  const kind = keys[0]!;
  const value = (dest as Record<string, unknown>)[kind];
  const problem = (message: string) => ({ problem: `.${kind}: ${message}` });
  switch (kind) {
    case 'slackWebhook':
      return typeof value === 'string' && /^https?:\/\//.test(value)
        ? { value: { kind: 'slack-webhook', url: value } }
        : problem('expected an http(s) URL');
    case 'slackChannel':
      return typeof value === 'string' && value.trim() !== ''
        ? { value: { kind: 'slack-chat', channel: value.trim() } }
        : problem('expected a channel id or name');
    case 'githubComment': {
      if (value === 'linked') return { value: { kind: 'github' } };
      const fixed =
        typeof value === 'string'
          ? /^([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)#([1-9][0-9]{0,9})$/.exec(value.trim())
          : null;
      return fixed
        ? { value: { kind: 'github', repository: fixed[1]!, number: Number(fixed[2]) } }
        : problem(
            `expected 'linked' (the pull request the notification links to) or OWNER/REPO#NUMBER (got ${JSON.stringify(value)})`,
          );
    }
    default:
      return { problem: `unknown destination '${kind}' (expected: ${DESTINATIONS})` };
  }
});

const ROUTE_KEYS = ['match', 'to', 'digest'] as const;
const route = z.strictObject(
  {
    match: match.optional(),
    // One destination may be written without its list.
    to: z.preprocess(
      (to) => (to === undefined || Array.isArray(to) ? to : [to]),
      z
        .array(destination, { error: 'expected at least one destination' })
        .min(1, 'expected at least one destination'),
    ),
    digest: z.boolean({ error: 'expected true or false' }).optional(),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'expected a mapping with match and to' : undefined) },
);

/** The rules file: a `routes` list; each route's match, its destinations, whether they get a digest. */
const rulesSchema = z.strictObject({
  routes: z.array(route, { error: 'expected a list of routes' }),
});

/** The keys a mapping at `path` may have, for "unknown field" messages. */
function keysAt(path: readonly PropertyKey[]): readonly string[] {
  if (path.length === 0) return ['routes'];
  if (path.length === 2) return ROUTE_KEYS;
  return MATCH_KEYS;
}

/** `routes[0].match`: the key path as the messages write it. */
function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path)
    out += typeof part === 'number' ? `[${part}]` : `${out === '' ? '' : '.'}${String(part)}`;
  return out;
}

/** The line a value at `path` is written on, else the nearest enclosing value's; a key's own line. */
function lineFinder(doc: Document, lines: LineCounter) {
  const nodeAt = (path: readonly PropertyKey[]): unknown => {
    let node: unknown = doc.contents;
    for (const part of path) {
      if (isMap(node)) node = node.items.find((p) => isScalar(p.key) && p.key.value === part)?.value;
      else if (isSeq(node) && typeof part === 'number') node = node.items[part];
      else return undefined;
    }
    return node ?? undefined;
  };
  const lineOf = (node: unknown): number | undefined => {
    const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
    return range ? lines.linePos(range[0]).line : undefined;
  };
  const at = (path: readonly PropertyKey[]): number => {
    for (let n = path.length; n >= 0; n--) {
      const line = lineOf(nodeAt(path.slice(0, n)));
      if (line !== undefined) return line;
    }
    return 1;
  };
  const keyAt = (path: readonly PropertyKey[], key: string): number => {
    const map = nodeAt(path);
    const pair = isMap(map) ? map.items.find((p) => isScalar(p.key) && p.key.value === key) : undefined;
    return lineOf(pair?.key) ?? at(path);
  };
  return { at, keyAt };
}

/**
 * Reads relay rules from YAML or JSON text (JSON is YAML). Shape:
 * `routes: [{ match: {severity, atLeast, adminOnly, status, text, link}, to: [{slackWebhook} | {slackChannel} |
 * {githubComment: linked | OWNER/REPO#N}], digest? }]`.
 * Every mistake is collected with its line before failing.
 */
export function parseRules(text: string, source: string): RouteRule[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, keepSourceTokens: false });
  const problems: { line: number; message: string; depth: number }[] = [];
  for (const e of doc.errors)
    problems.push({ line: e.linePos?.[0]?.line ?? 1, message: e.message.split('\n')[0]!, depth: 0 });
  if (problems.length > 0)
    throw new RulesError(
      source,
      problems.map(({ line, message }) => ({ line, message })),
    );
  const where = lineFinder(doc, lineCounter);
  const raw: unknown = doc.toJS();
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new RulesError(source, [
      { line: where.at([]), message: 'expected a mapping with a `routes` list' },
    ]);

  const parsed = rulesSchema.safeParse(raw);
  if (parsed.success)
    return parsed.data.routes.map(({ match: m, to, digest }) => {
      const rule: RouteRule = { to };
      if (m?.severity !== undefined) rule.severity = m.severity;
      if (m?.atLeast !== undefined) rule.atLeast = m.atLeast;
      if (m?.adminOnly !== undefined) rule.adminOnly = m.adminOnly;
      if (m?.status !== undefined) rule.status = m.status;
      if (m?.text !== undefined) rule.titlePattern = m.text;
      if (m?.link !== undefined) rule.linkPattern = m.link;
      if (digest === true) rule.digest = true;
      return rule;
    });
  for (const issue of parsed.error.issues) {
    const { path } = issue;
    const prefix = path.length === 0 ? '' : `${pathText(path)}: `;
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        problems.push({
          depth: path.length,
          line: where.keyAt(path, key),
          message: `${prefix}unknown field '${key}' (expected: ${keysAt(path).join(', ')})`,
        });
      continue;
    }
    problems.push({
      depth: path.length + 1,
      line: where.at(path),
      message: issue.message.startsWith('.')
        ? `${pathText(path)}${issue.message}`
        : `${prefix}${issue.message}`,
    });
  }
  // In the order they are written; on one line, a mapping's unknown keys before its fields' mistakes.
  problems.sort((a, b) => a.line - b.line || a.depth - b.depth);
  throw new RulesError(
    source,
    problems.map(({ line, message }) => ({ line, message })),
  );
}

import { LineCounter, parseDocument } from 'yaml';
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
 * Reads relay rules from YAML or JSON text (JSON is YAML). Shape:
 * `routes: [{ match: {severity, atLeast, adminOnly, status, text, link}, to: [{slackWebhook} | {slackChannel} |
 * {githubComment: linked | OWNER/REPO#N}], digest? }]`.
 * Every mistake is collected with its line before failing.
 */
export function parseRules(text: string, source: string): RouteRule[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, keepSourceTokens: false });
  const problems: { line: number; message: string }[] = [];
  const lineOf = (node: unknown): number => {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    return range ? lineCounter.linePos(range[0]).line : 1;
  };
  for (const e of doc.errors)
    problems.push({ line: e.linePos?.[0]?.line ?? 1, message: e.message.split('\n')[0]! });
  if (problems.length > 0) throw new RulesError(source, problems);
  const root = doc.contents as unknown;
  const get = (node: unknown, key: string): unknown =>
    node && typeof node === 'object' && 'get' in node
      ? (node as { get(k: string, keep: true): unknown }).get(key, true)
      : undefined;
  const js = (node: unknown): unknown =>
    node && typeof node === 'object' && 'toJSON' in node ? (node as { toJSON(): unknown }).toJSON() : node;
  const items = (node: unknown): unknown[] | undefined =>
    node && typeof node === 'object' && 'items' in node && Array.isArray((node as { items: unknown[] }).items)
      ? (node as { items: unknown[] }).items
      : undefined;
  const isMap = (node: unknown) =>
    js(node) !== null && typeof js(node) === 'object' && !Array.isArray(js(node));

  if (!isMap(root))
    throw new RulesError(source, [
      { line: lineOf(root), message: 'expected a mapping with a `routes` list' },
    ]);
  for (const pair of items(root) ?? []) {
    const key = js((pair as { key: unknown }).key);
    if (key !== 'routes')
      problems.push({
        line: lineOf((pair as { key: unknown }).key),
        message: `unknown field '${String(key)}' (expected: routes)`,
      });
  }
  const routesNode = get(root, 'routes');
  const routeNodes = Array.isArray(js(routesNode)) ? (items(routesNode) ?? []) : undefined;
  if (routeNodes === undefined)
    problems.push({ line: lineOf(routesNode ?? root), message: 'routes: expected a list of routes' });
  const routes: RouteRule[] = [];
  (routeNodes ?? []).forEach((routeNode, r) => {
    const where = `routes[${r}]`;
    if (!isMap(routeNode)) {
      problems.push({ line: lineOf(routeNode), message: `${where}: expected a mapping with match and to` });
      return;
    }
    for (const pair of items(routeNode) ?? []) {
      const key = String(js((pair as { key: unknown }).key));
      if (!['match', 'to', 'digest'].includes(key))
        problems.push({
          line: lineOf((pair as { key: unknown }).key),
          message: `${where}: unknown field '${key}' (expected: match, to, digest)`,
        });
    }
    const digestNode = get(routeNode, 'digest');
    const digest = js(digestNode);
    if (digest !== undefined && typeof digest !== 'boolean')
      problems.push({ line: lineOf(digestNode), message: `${where}.digest: expected true or false` });
    const match: Omit<RouteRule, 'to'> = {};
    const matchNode = get(routeNode, 'match');
    if (matchNode !== undefined && !isMap(matchNode))
      problems.push({ line: lineOf(matchNode), message: `${where}.match: expected a mapping` });
    for (const pair of isMap(matchNode) ? (items(matchNode) ?? []) : []) {
      const keyNode = (pair as { key: unknown }).key;
      const valueNode = (pair as { value: unknown }).value;
      const key = String(js(keyNode));
      const value = js(valueNode);
      const at = { line: lineOf(valueNode ?? keyNode) };
      switch (key) {
        case 'severity': {
          const list = Array.isArray(value) ? value : [value];
          const names = list.map(severityName);
          if (list.length === 0 || names.some((n) => n === undefined))
            problems.push({
              ...at,
              message: `${where}.match.severity: expected one or a list of info, warning, error (got ${JSON.stringify(value)})`,
            });
          else match.severity = names as string[];
          break;
        }
        case 'atLeast': {
          const name = severityName(value);
          if (name === undefined)
            problems.push({
              ...at,
              message: `${where}.match.atLeast: expected info, warning or error (got ${JSON.stringify(value)})`,
            });
          else match.atLeast = name;
          break;
        }
        case 'adminOnly':
          if (typeof value !== 'boolean')
            problems.push({ ...at, message: `${where}.match.adminOnly: expected true or false` });
          else match.adminOnly = value;
          break;
        case 'status': {
          const list = Array.isArray(value) ? value : [value];
          if (list.some((s) => typeof s !== 'string' || !/^STATUS_[A-Z]+$/.test(s)))
            problems.push({
              ...at,
              message: `${where}.match.status: expected STATUS_DELIVERED, STATUS_SEEN or STATUS_ARCHIVED`,
            });
          else match.status = list as string[];
          break;
        }
        case 'text':
        case 'link': {
          if (typeof value !== 'string') {
            problems.push({
              ...at,
              message: `${where}.match.${key}: expected a regular expression as a string`,
            });
            break;
          }
          try {
            match[key === 'text' ? 'titlePattern' : 'linkPattern'] = new RegExp(value, 'i');
          } catch (error) {
            problems.push({ ...at, message: `${where}.match.${key}: ${(error as Error).message}` });
          }
          break;
        }
        default:
          problems.push({
            line: lineOf(keyNode),
            message: `${where}.match: unknown field '${key}' (expected: severity, atLeast, adminOnly, status, text, link)`,
          });
      }
    }
    const toNode = get(routeNode, 'to');
    const toItems = Array.isArray(js(toNode))
      ? (items(toNode) ?? [])
      : toNode === undefined
        ? undefined
        : [toNode];
    if (toItems === undefined || toItems.length === 0)
      problems.push({
        line: lineOf(toNode ?? routeNode),
        message: `${where}.to: expected at least one destination`,
      });
    const to: Destination[] = [];
    (toItems ?? []).forEach((destNode, d) => {
      const dw = `${where}.to[${d}]`;
      const dest = js(destNode) as Record<string, unknown> | null;
      const keys = dest && typeof dest === 'object' && !Array.isArray(dest) ? Object.keys(dest) : [];
      if (keys.length !== 1) {
        problems.push({
          line: lineOf(destNode),
          message: `${dw}: expected exactly one of slackWebhook, slackChannel, githubComment`,
        });
        return;
      }
      const kind = keys[0]!;
      const value = dest![kind];
      let made: Destination | undefined;
      if (kind === 'slackWebhook') {
        if (typeof value !== 'string' || !/^https?:\/\//.test(value))
          problems.push({ line: lineOf(destNode), message: `${dw}.slackWebhook: expected an http(s) URL` });
        else made = { kind: 'slack-webhook', url: value };
      } else if (kind === 'slackChannel') {
        if (typeof value !== 'string' || value.trim() === '')
          problems.push({
            line: lineOf(destNode),
            message: `${dw}.slackChannel: expected a channel id or name`,
          });
        else made = { kind: 'slack-chat', channel: value.trim() };
      } else if (kind === 'githubComment') {
        const fixed =
          typeof value === 'string'
            ? /^([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)#([1-9][0-9]{0,9})$/.exec(value.trim())
            : null;
        if (value === 'linked') made = { kind: 'github' };
        else if (fixed) made = { kind: 'github', repository: fixed[1]!, number: Number(fixed[2]) };
        else
          problems.push({
            line: lineOf(destNode),
            message: `${dw}.githubComment: expected 'linked' (the pull request the notification links to) or OWNER/REPO#NUMBER (got ${JSON.stringify(value)})`,
          });
      } else {
        problems.push({
          line: lineOf(destNode),
          message: `${dw}: unknown destination '${kind}' (expected: slackWebhook, slackChannel, githubComment)`,
        });
      }
      if (made) to.push(made);
    });
    routes.push({ ...match, to, ...(digest === true ? { digest: true } : {}) });
  });
  if (problems.length > 0) throw new RulesError(source, problems);
  return routes;
}

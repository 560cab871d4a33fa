import { describeValue, EmulatorHttpError } from './http.js';

// The platform is a Python application: its query parameters are read by the usual Python parsers
// (pydantic, marshmallow, and the protobuf gateway for the secrets listing). The readers here are as
// lenient as those are, and refuse what they refuse with a 400 that names the parameter.

const TRUE_WORDS = new Set(['true', 't', 'yes', 'y', 'on', '1']);
const FALSE_WORDS = new Set(['false', 'f', 'no', 'n', 'off', '0']);

/**
 * A boolean as pydantic and marshmallow read one: `true`, `True`, `1`, `yes`, `on` (and `t`, `y`), or
 * their false counterparts, in any case. Anything else, the empty string included, is a 400.
 */
export function readBoolean(text: string, name: string): boolean {
  const word = text.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  throw new EmulatorHttpError(
    400,
    `${name} must be a boolean (true or false; also 1/0, yes/no, on/off), got ${describeValue(text)}`,
  );
}

/** A time from a query: Unix seconds (the reference types `since` as a number) or ISO 8601; in ms. */
export function readTime(text: string, name: string): number {
  const ms = /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) * 1000 : Date.parse(text);
  if (Number.isNaN(ms))
    throw new EmulatorHttpError(
      400,
      `${name} must be a Unix timestamp or an ISO 8601 time, got ${describeValue(text)}`,
    );
  return ms;
}

/** The parameters of one listing's query, read by name; every name read is a known one. */
export interface QueryReader {
  /**
   * A list parameter: repeated keys (`?repos=a&repos=b`, as httpx, requests and URLSearchParams send a
   * list) and comma-separated values (`?repos=a,b`, as public scripts join them) both, trimmed, empty
   * items dropped. With `allowed`, each item must be one of them (compared after `normalize`).
   */
  list(name: string, options?: { allowed?: readonly string[]; normalize?: (v: string) => string }): string[];
  /**
   * A single-valued parameter; undefined when absent. Sent twice with different values, it is a 400:
   * the reference types it as one value, and guessing which one counts would hide a caller's bug.
   */
  single(name: string): string | undefined;
  /** A boolean parameter (readBoolean), `fallback` when absent. */
  boolean(name: string, fallback: boolean): boolean;
  /** Notes, through `note`, each parameter of the query that no reader asked for. */
  noteUnknown(note: (text: string) => void): void;
}

/**
 * Reads `query` for one listing. `aliases` maps a parameter's other spelling to its name (the gateway
 * behind the secrets listing takes `validationState` as well as `validation_state`).
 */
export function createQueryReader(
  query: URLSearchParams,
  aliases: Readonly<Record<string, string>> = {},
): QueryReader {
  const asked = new Set<string>();
  const values = (name: string): string[] => {
    asked.add(name);
    const out = query.getAll(name);
    for (const [alias, target] of Object.entries(aliases))
      if (target === name) {
        asked.add(alias);
        out.push(...query.getAll(alias));
      }
    return out;
  };
  const single = (name: string): string | undefined => {
    const all = values(name);
    if (new Set(all).size > 1)
      throw new EmulatorHttpError(
        400,
        `${name} takes one value, got ${all.length}: ${all.map((v) => describeValue(v)).join(', ')}`,
      );
    return all[0];
  };
  return {
    list(name, { allowed, normalize = (v: string) => v } = {}) {
      const items = values(name)
        .flatMap((v) => v.split(','))
        .map((v) => normalize(v.trim()))
        .filter((v) => v !== '');
      if (allowed !== undefined)
        for (const item of items)
          if (!allowed.includes(item))
            throw new EmulatorHttpError(
              400,
              `${name} must be among ${allowed.join(', ')}, got ${describeValue(item)}`,
            );
      return [...new Set(items)];
    },
    single,
    boolean(name, fallback) {
      const text = single(name);
      return text === undefined ? fallback : readBoolean(text, name);
    },
    noteUnknown(note) {
      const unknown = [...new Set(query.keys())].filter((k) => !asked.has(k));
      if (unknown.length > 0)
        note(`ignored unknown query parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`);
    },
  };
}

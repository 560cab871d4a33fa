import type { EmulatorDataset } from '../../src/emulator/dataset.js';
import { createEmulator, type EmulatorOptions } from '../../src/emulator/handler.js';
import { createSeedDataset, SEED_TOKENS } from '../../src/emulator/seed.js';

export const BASE = 'http://emulator.test';
export const D = 1234;
export const SLUG = 'acme-corp';

/** The emulator over a fresh seeded dataset (or the one given), with a clock that never moves. */
export function seededEmulator(options: Partial<EmulatorOptions> & { dataset?: EmulatorDataset } = {}) {
  return createEmulator({
    now: () => new Date(0),
    sleep: async () => {},
    ...options,
    dataset: options.dataset ?? createSeedDataset(),
  });
}

export interface CallOptions {
  body?: unknown;
  /** A raw body, sent as it is. */
  raw?: string;
  token?: string | null;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

/** One request through the handler, built with `new Request()`, its answer read as JSON when it is. */
export async function call(
  emulator: { handle: (request: Request) => Promise<Response> },
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const token = options.token === undefined ? SEED_TOKENS.api : options.token;
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await emulator.handle(
    new Request(`${BASE}${path}`, {
      method,
      headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...options.headers },
      ...(body === undefined ? {} : { body }),
    }),
  );
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { unparsable: text };
  }
  return {
    status: response.status,
    headers: response.headers,
    body: parsed as Record<string, unknown>,
    text,
  };
}

/** Every page of a body-cursor listing (dependencies, lockfiles, repositories), with a page cap. */
export async function pages(
  emulator: { handle: (request: Request) => Promise<Response> },
  path: string,
  body: Record<string, unknown>,
  maxPages = 100,
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let cursor: unknown;
  for (let i = 0; i < maxPages; i++) {
    const answer = await call(emulator, 'POST', path, {
      body: { ...body, ...(cursor === undefined ? {} : { cursor }) },
    });
    if (answer.status !== 200) throw new Error(`page ${i}: ${answer.status} ${answer.text}`);
    out.push(answer.body);
    if (answer.body.hasMore !== true) return out;
    cursor = answer.body.cursor;
  }
  throw new Error(`more than ${maxPages} pages`);
}

/** An error that renders itself as the platform's `{"error": "..."}` body with its status. */
export class EmulatorHttpError extends Error {
  override readonly name = 'EmulatorHttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  toResponse(): Response {
    return jsonResponse(this.status, { error: this.message }, this.headers);
  }
}

/** A JSON response with its Content-Length set, so that the request log can count the bytes. */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): Response {
  return textResponse(status, JSON.stringify(body), headers);
}

export function textResponse(
  status: number,
  text: string,
  headers: Readonly<Record<string, string>> = {},
): Response {
  return new Response(text, {
    status,
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
      ...headers,
    },
  });
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a JSON body: an empty one is `{}`; anything unparsable is a 400 that says where it broke. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new EmulatorHttpError(
      400,
      `request body is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/**
 * The fields of a JSON object body, each readable by its camelCase or snake_case name (the real
 * service takes both; null reads as unset, as in protobuf JSON). Other keys are noted, not refused.
 */
export function bodyFields(body: unknown, known: readonly string[]) {
  if (!isObject(body))
    throw new EmulatorHttpError(400, `request body must be a JSON object, got ${kindOf(body)}`);
  const snake = (camel: string) => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const accepted = new Set(known.flatMap((k) => [k, snake(k)]));
  return {
    get(camel: string): unknown {
      const value = body[camel] ?? body[snake(camel)];
      return value === null ? undefined : value;
    },
    /** Refuses any other key (the emulator's own admin routes: a misspelt fault must not pass). */
    rejectUnknown(): void {
      const unknown = Object.keys(body).filter((k) => !accepted.has(k));
      if (unknown.length > 0)
        throw new EmulatorHttpError(
          400,
          `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')} in the request body (known: ${known.join(', ')})`,
        );
    },
    /**
     * Unknown keys are ignored, as the service's JSON gateway does by default (public callers send
     * extra fields), and noted in the request log so a misspelt `pagesize` can still be found.
     */
    noteUnknown(note: (text: string) => void): void {
      const unknown = Object.keys(body).filter((k) => !accepted.has(k));
      if (unknown.length > 0)
        note(
          `ignored unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')} in the request body (known: ${known.join(', ')})`,
        );
    },
  };
}

export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export interface PageBounds {
  default: number;
  min: number;
  max: number;
}

/** Page-size defaults and bounds the emulator enforces (decisions.md, "Pagination"). */
export const EMULATOR_PAGE_BOUNDS = {
  dependencies: { default: 1000, min: 1, max: 10_000 },
  lockfiles: { default: 5, min: 1, max: 100 },
  repositories: { default: 5, min: 1, max: 100 },
  notifications: { default: 20, min: 1, max: 100 },
  // No documented maximum: serve at least 10,000 (public callers ask for 2,000).
  secrets: { default: 100, min: 1, max: 10_000 },
  findings: { default: 100, min: 100, max: 3000 },
  projects: { default: 100, min: 1, max: 10_000 },
} as const satisfies Record<string, PageBounds>;

/**
 * A page size from a body (a number, or a decimal string: protobuf JSON takes both for integers) or
 * a query parameter. Absent or empty: the default. Anything else outside min..max, 0 included, is a
 * 400 naming the field and the bounds.
 */
export function readPageSize(value: unknown, field: string, bounds: PageBounds): number {
  if (value === undefined || value === '') return bounds.default;
  // A JSON body field is protobuf-mapped on the real service, where 0 is the same as absent.
  if (value === 0) return bounds.default;
  const n = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n))
    throw new EmulatorHttpError(
      400,
      `${field} must be an integer from ${bounds.min} to ${bounds.max}, got ${describeValue(value)}`,
    );
  if (n < bounds.min || n > bounds.max)
    throw new EmulatorHttpError(400, `${field} must be from ${bounds.min} to ${bounds.max}, got ${n}`);
  return n;
}

/** A non-negative integer query parameter (`page`); absent or empty: 0. */
export function readOffset(value: string | null, field: string): number {
  if (value === null || value === '') return 0;
  if (!/^\d{1,9}$/.test(value))
    throw new EmulatorHttpError(400, `${field} must be a non-negative integer, got ${describeValue(value)}`);
  return Number(value);
}

export function describeValue(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return kindOf(value);
}

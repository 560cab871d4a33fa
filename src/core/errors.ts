const BRAND = Symbol.for('depgate.ApiError');

/** What went wrong with a platform call, coarse enough to act on. */
export type ApiErrorKind =
  | 'auth'
  | 'not-found'
  | 'rate-limited'
  | 'server'
  | 'bad-request'
  | 'bad-response'
  | 'network'
  | 'timeout'
  | 'pagination'
  | 'aborted';

export interface ApiErrorDetails {
  kind: ApiErrorKind;
  method: string;
  /** The request path with its query, never with a credential. */
  path: string;
  status?: number;
  /** The start of the response body, secrets redacted. */
  bodySnippet?: string;
  retryAfterMs?: number;
  /** For bad-response: the JSON path of the field that was wrong, e.g. `dependencies[3].package.name`. */
  field?: string;
  /** How many attempts were made before giving up. */
  attempts?: number;
  /** Advice for the user; the kind's standard advice when absent. */
  hint?: string;
  cause?: unknown;
}

const HINTS: Record<ApiErrorKind, string> = {
  auth: 'check the API token (DEPGATE_API_TOKEN): it may be missing, mistyped, revoked or expired',
  'not-found':
    'check the deployment slug or id and the project name, and that the token has "Web API" access enabled (the platform answers 404 to tokens without it)',
  'rate-limited': 'the platform is rate limiting this token; retry later or lower the request rate',
  server: 'the platform had an internal error; retry later, and report it if it persists',
  'bad-request': 'the request was refused as malformed; check the filter values and page sizes',
  'bad-response':
    'the platform answered with data of an unexpected shape; check DEPGATE_API_URL points at the platform API',
  network: 'could not reach the platform; check DEPGATE_API_URL and the network',
  timeout: 'the platform did not answer in time; retry later or raise the timeout',
  pagination: 'the platform kept paginating past the page cap or repeated a cursor; the listing was stopped',
  aborted: 'the caller stopped the call (a run deadline or a cancel); nothing is wrong with the platform',
};

/** A failed platform call. Recognise it with `isApiError`, not `instanceof` (bundles may hold two copies). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly [BRAND] = true;
  readonly kind: ApiErrorKind;
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly bodySnippet: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly field: string | undefined;
  readonly attempts: number | undefined;
  readonly hint: string;

  constructor(message: string, details: ApiErrorDetails) {
    const status = details.status === undefined ? '' : ` ${details.status}`;
    super(
      `${details.method} ${details.path}:${status} ${message}`,
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.kind = details.kind;
    this.method = details.method;
    this.path = details.path;
    this.status = details.status;
    this.bodySnippet = details.bodySnippet;
    this.retryAfterMs = details.retryAfterMs;
    this.field = details.field;
    this.attempts = details.attempts;
    this.hint = details.hint ?? HINTS[details.kind];
  }

  /** A plain object for logs and JSON output; carries no secret since none was ever stored. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      message: this.message,
      method: this.method,
      path: this.path,
      status: this.status,
      field: this.field,
      bodySnippet: this.bodySnippet,
      retryAfterMs: this.retryAfterMs,
      attempts: this.attempts,
      hint: this.hint,
    };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}

/** The error kind for an HTTP status that is not a success. */
export function kindOfStatus(status: number): ApiErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  return 'bad-request';
}

// Query parameters that carry credentials in URLs people paste (signed links, proxies, webhooks).
const SECRET_PARAM =
  /([?&](?:token|access_token|api_key|apikey|key|secret|client_secret|password|sig|signature|auth)=)[^&#\s"']*/gi;

// Credentials in a URL (`https://user:pass@host/`), as a base URL set with them prints in errors.
const USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s@?#]+@/gi;

/**
 * Replaces every occurrence of each secret, any URL's `user:password@`, any bearer header value and the value of any
 * credential-like query parameter (`?token=`, `&api_key=`, ...) with `***`. Secrets shorter than 4
 * characters are left alone: redacting them would garble every message without protecting anything.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('***');
  }
  return out
    .replace(/(bearer\s+)[^\s"',]+/gi, '$1***')
    .replace(SECRET_PARAM, '$1***')
    .replace(USERINFO, '$1***@');
}

/**
 * A transport failure made safe to keep as an error's `cause`: its name, redacted message and code
 * (`ECONNRESET`, ...), without the original object, which may hold request headers.
 */
export function redactedCause(error: unknown, secrets: readonly string[]): Error {
  const original = error instanceof Error ? error : undefined;
  const cause = new Error(redactSecrets(original?.message ?? String(error), secrets));
  cause.name = original?.name ?? 'Error';
  const code = (original as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') Object.assign(cause, { code });
  return cause;
}

/** The first characters of a body, redacted, on one line. */
export function snippet(body: string, secrets: readonly string[], max = 300): string {
  const flat = redactSecrets(body, secrets).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

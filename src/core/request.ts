import {
  ApiError,
  type ApiErrorKind,
  kindOfStatus,
  redactedCause,
  redactSecrets,
  snippet,
  type ApiErrorDetails,
} from './errors.js';
import { isRetryableStatus, parseRetryAfter, retryDelay, type RetryPolicy } from './retry.js';
import type { ResponseLike, Transport } from './transport.js';

/** One attempt of one call, as reported to `onRequest` (and counted by the client's stats). */
export interface RequestLogEntry {
  method: string;
  /** Path and query, never a credential. */
  path: string;
  /** 1-based attempt number of this call. */
  attempt: number;
  /** HTTP status, when an answer came. */
  status?: number;
  /** What went wrong, when something did. */
  error?: string;
  kind?: ApiError['kind'];
  /** Set when another attempt follows after this wait. */
  delayMs?: number;
  /** Time the attempt took, by the injected clock. */
  durationMs: number;
}

/** Where the client writes its progress lines: one per attempt, retries as warnings. */
export interface ClientLogger {
  debug(message: string): void;
  warning?(message: string): void;
}

/**
 * How a client of another web service (OSV's API, a package registry) makes its requests, each
 * setting optional with the client's default; tests pass clocks and sleeps that record.
 */
export interface ServiceRequestOptions {
  /** The HTTP transport (a `fetch`); default the runtime's fetch. */
  fetch?: Transport;
  /** Per-attempt timeout in ms. */
  timeoutMs?: number;
  /** Budget of one call, retries and waits included, in ms. */
  deadlineMs?: number;
  retry?: Partial<RetryPolicy>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  logger?: ClientLogger;
  onRequest?: (entry: RequestLogEntry) => void;
}

export interface RequesterOptions {
  baseUrl: string;
  token: string;
  transport: Transport;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  random: () => number;
  retry: RetryPolicy;
  /** Per-attempt timeout. */
  timeoutMs: number;
  /** Overall budget for one call, retries and waits included. */
  deadlineMs: number;
  userAgent: string;
  onRequest?: (entry: RequestLogEntry) => void;
  logger?: ClientLogger;
  /** Stops every call: the attempt under way is cancelled, no retry follows, the call fails as `aborted`. */
  signal?: AbortSignal;
  /**
   * Advice per error kind for a service other than the platform (OSV's API): replaces the platform's
   * standard hints, which name DEPGATE_API_URL and the token.
   */
  hints?: Partial<Record<ApiErrorKind, string>>;
  /** Name the whole URL (base included, credentials redacted) in errors and logs, not only the path. */
  fullUrlInErrors?: boolean;
}

export type QueryValue = string | number | boolean | readonly string[] | undefined;

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path with segments already encoded. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

export type Requester = (request: ApiRequest) => Promise<unknown>;

/** `?a=1&b=x&b=y` from a record: undefined values left out, arrays repeated, `''` when empty. */
export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value as readonly string[]) params.append(key, item);
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

class AttemptTimeout extends Error {}
class AttemptAborted extends Error {}

/** Why a signal fired, as text (an AbortSignal.timeout says TimeoutError). */
function abortReason(signal: AbortSignal): string {
  const reason = signal.reason as unknown;
  if (reason instanceof Error) return reason.name === 'TimeoutError' ? 'the deadline passed' : reason.message;
  return typeof reason === 'string' && reason !== '' ? reason : 'stopped by the caller';
}

type Outcome =
  { ok: true; status: number; value: unknown } | { ok: false; error: ApiError; retryable: boolean };

/**
 * Builds the function that performs one API call: JSON in and out, bearer auth, per-attempt timeout,
 * retries of 429/5xx/network trouble within an overall deadline, and every failure as an ApiError.
 */
export function createRequester(options: RequesterOptions): Requester {
  const base = options.baseUrl.replace(/\/+$/, '');
  const secrets = [options.token];
  // A public API (OSV's) takes no credential: without a token no authorization header is sent at all.
  const headers: Record<string, string> = {
    ...(options.token === '' ? {} : { authorization: `Bearer ${options.token}` }),
    accept: 'application/json',
    'user-agent': options.userAgent,
  };

  return async (request) => {
    const pathWithQuery = `${request.path}${buildQuery(request.query)}`;
    const url = `${base}${pathWithQuery}`;
    const safePath = redactSecrets(options.fullUrlInErrors === true ? url : pathWithQuery, secrets);
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const init = {
      method: request.method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body }),
    };
    const fail = (message: string, details: Omit<ApiErrorDetails, 'method' | 'path'>) => {
      const hint = options.hints?.[details.kind];
      return new ApiError(redactSecrets(message, secrets), {
        ...details,
        ...(hint === undefined ? {} : { hint }),
        method: request.method,
        path: safePath,
      });
    };
    const started = options.now();
    const signal = options.signal;
    const aborted = (attempts: number) =>
      fail(`stopped: ${abortReason(signal!)}`, { kind: 'aborted', attempts });

    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw aborted(attempt - 1);
      const attemptStarted = options.now();
      const remaining = options.deadlineMs - (attemptStarted - started);
      const outcome = await attemptOnce(
        url,
        init,
        Math.max(1, Math.min(options.timeoutMs, remaining)),
        attempt,
      );
      const entry: RequestLogEntry = {
        method: request.method,
        path: safePath,
        attempt,
        durationMs: options.now() - attemptStarted,
      };
      if (outcome.ok) {
        report({ ...entry, status: outcome.status }, undefined);
        return outcome.value;
      }
      const { error } = outcome;
      let delayMs: number | undefined;
      if (outcome.retryable && attempt < options.retry.maxAttempts) {
        const delay = retryDelay(attempt, options.retry, options.random, error.retryAfterMs);
        // Waiting past the deadline only to fail later helps nobody: give up now, with the real reason.
        if (options.now() - started + delay < options.deadlineMs) delayMs = delay;
      }
      report(
        {
          ...entry,
          ...(error.status === undefined ? {} : { status: error.status }),
          error: error.message,
          kind: error.kind,
          ...(delayMs === undefined ? {} : { delayMs }),
        },
        error,
      );
      if (delayMs === undefined) throw error;
      await sleepUnlessAborted(delayMs);
      if (signal?.aborted) throw aborted(attempt);
    }

    /** The wait before a retry, cut short when the signal fires. */
    async function sleepUnlessAborted(ms: number): Promise<void> {
      if (signal === undefined) return options.sleep(ms);
      let onAbort: (() => void) | undefined;
      try {
        await Promise.race([
          options.sleep(ms),
          new Promise<void>((resolve) => {
            onAbort = resolve;
            signal.addEventListener('abort', onAbort, { once: true });
          }),
        ]);
      } finally {
        if (onAbort) signal.removeEventListener('abort', onAbort);
      }
    }

    function report(entry: RequestLogEntry, error: ApiError | undefined): void {
      options.onRequest?.(entry);
      const logger = options.logger;
      if (logger === undefined) return;
      const head = `${entry.method} ${entry.path} -> ${entry.status ?? error?.kind ?? 'ok'}`;
      if (error === undefined) logger.debug(`${head} (attempt ${entry.attempt}, ${entry.durationMs} ms)`);
      else if (entry.delayMs === undefined)
        logger.debug(`${head}: ${error.message} (attempt ${entry.attempt}, giving up)`);
      else
        (logger.warning ?? logger.debug).call(
          logger,
          `${head}: retrying in ${entry.delayMs} ms (attempt ${entry.attempt} of ${options.retry.maxAttempts})`,
        );
    }

    async function attemptOnce(
      target: string,
      requestInit: { method: string; headers: Record<string, string>; body?: string },
      timeoutMs: number,
      attempt: number,
    ): Promise<Outcome> {
      let response: ResponseLike;
      let text: string;
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      let timedOut = false;
      let stopped = false;
      const signal = options.signal;
      let onAbort: (() => void) | undefined;
      try {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            timedOut = true;
            reject(new AttemptTimeout());
            controller.abort();
          }, timeoutMs);
          if (signal !== undefined) {
            onAbort = () => {
              stopped = true;
              reject(new AttemptAborted());
              controller.abort();
            };
            if (signal.aborted) onAbort();
            else signal.addEventListener('abort', onAbort, { once: true });
          }
        });
        response = await Promise.race([
          options.transport(target, { ...requestInit, signal: controller.signal }),
          timeout,
        ]);
        text = await Promise.race([response.text(), timeout]);
      } catch (error) {
        if (stopped || error instanceof AttemptAborted)
          return { ok: false, retryable: false, error: aborted(attempt) };
        // The abort may reject the transport before the timer's own rejection wins the race.
        if (timedOut || error instanceof AttemptTimeout) {
          return {
            ok: false,
            retryable: true,
            error: fail(`no answer within ${timeoutMs} ms`, { kind: 'timeout', attempts: attempt }),
          };
        }
        const cause = redactedCause(error, secrets);
        return {
          ok: false,
          retryable: true,
          error: fail(`network error: ${cause.message}`, { kind: 'network', attempts: attempt, cause }),
        };
      } finally {
        if (timer !== undefined) clearTimeout(timer);
        if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
      }

      const { status } = response;
      if (status >= 200 && status < 300) {
        if (text.trim() === '') return { ok: true, status, value: {} };
        try {
          return { ok: true, status, value: JSON.parse(text) as unknown };
        } catch {
          // A web page instead of JSON means a wrong base URL, and asking again will not change it;
          // a cut JSON body (proxies cut bodies mid-stream) is worth another try.
          const html = text.trimStart().startsWith('<');
          return {
            ok: false,
            retryable: !html,
            error: fail(
              html ? 'the response is a web page, not JSON' : 'the response body is not valid JSON',
              {
                kind: 'bad-response',
                status,
                bodySnippet: snippet(text, secrets),
                attempts: attempt,
                ...(html
                  ? {
                      hint: 'check DEPGATE_API_URL: it should be the platform API root, such as https://semgrep.dev',
                    }
                  : {}),
              },
            ),
          };
        }
      }
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), options.now());
      return {
        ok: false,
        retryable: isRetryableStatus(status),
        error: fail(errorMessage(text), {
          kind: kindOfStatus(status),
          status,
          bodySnippet: snippet(text, secrets),
          attempts: attempt,
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        }),
      };
    }
  };
}

/** The platform's `{"error": "..."}` message when there is one, else a generic phrase. */
function errorMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as unknown;
    // The platform says `{"error": ...}`; gRPC-gateway APIs (OSV) say `{"code": 3, "message": ...}`.
    const said =
      typeof parsed === 'object' && parsed !== null
        ? ((parsed as { error?: unknown }).error ?? (parsed as { message?: unknown }).message)
        : undefined;
    if (typeof said === 'string') {
      const message = said;
      return message.length > 300 ? `${message.slice(0, 300)}…` : message;
    }
  } catch {
    // Not JSON: fall through to the generic message.
  }
  return 'request failed';
}

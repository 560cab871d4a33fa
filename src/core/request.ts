import { ApiError, kindOfStatus, redactSecrets, snippet } from './errors.js';
import { isRetryableStatus, parseRetryAfter, retryDelay, type RetryPolicy } from './retry.js';
import type { ResponseLike, Transport } from './transport.js';

export interface RequestLogEntry {
  method: string;
  path: string;
  attempt: number;
  status?: number;
  error?: string;
  delayMs?: number;
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

/**
 * Builds the function that performs one API call: JSON in and out, bearer auth, per-attempt timeout,
 * retries of 429/5xx/network trouble within an overall deadline, and every failure as an ApiError.
 */
export function createRequester(options: RequesterOptions): Requester {
  const base = options.baseUrl.replace(/\/+$/, '');
  const secrets = [options.token];
  return async (request) => {
    const pathWithQuery = `${request.path}${buildQuery(request.query)}`;
    const safePath = redactSecrets(pathWithQuery, secrets);
    const url = `${base}${pathWithQuery}`;
    const started = options.now();
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.token}`,
      accept: 'application/json',
      'user-agent': options.userAgent,
    };
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const fail = (
      message: string,
      details: Omit<ConstructorParameters<typeof ApiError>[1], 'method' | 'path'>,
    ) =>
      new ApiError(redactSecrets(message, secrets), { ...details, method: request.method, path: safePath });

    for (let attempt = 1; ; attempt++) {
      const remaining = options.deadlineMs - (options.now() - started);
      let response: ResponseLike | undefined;
      let text = '';
      let transportError: ApiError | undefined;
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      let timedOut = false;
      try {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => {
              timedOut = true;
              reject(new AttemptTimeout());
              controller.abort();
            },
            Math.max(1, Math.min(options.timeoutMs, remaining)),
          );
        });
        response = await Promise.race([
          options.transport(url, {
            method: request.method,
            headers,
            ...(body === undefined ? {} : { body }),
            signal: controller.signal,
          }),
          timeout,
        ]);
        text = await Promise.race([response.text(), timeout]);
      } catch (error) {
        // The abort may reject the transport before the timer's own rejection wins the race.
        timedOut ||= error instanceof AttemptTimeout;
        const reason = error instanceof Error ? error.message : String(error);
        transportError = timedOut
          ? fail(`no answer within ${Math.min(options.timeoutMs, remaining)} ms`, {
              kind: 'timeout',
              attempts: attempt,
            })
          : fail(`network error: ${reason}`, { kind: 'network', attempts: attempt, cause: error });
        response = undefined;
      } finally {
        if (timer !== undefined) clearTimeout(timer);
      }

      let failure: ApiError;
      if (transportError !== undefined) {
        failure = transportError;
      } else if (response !== undefined && response.status >= 200 && response.status < 300) {
        options.onRequest?.({ method: request.method, path: safePath, attempt, status: response.status });
        if (text.trim() === '') return {};
        try {
          return JSON.parse(text) as unknown;
        } catch {
          // A truncated or non-JSON success body is worth one more try: proxies cut bodies mid-stream.
          failure = fail('the response body is not valid JSON', {
            kind: 'bad-response',
            status: response.status,
            bodySnippet: snippet(text, secrets),
            attempts: attempt,
          });
          if (attempt >= options.retry.maxAttempts) throw failure;
          const delayMs = retryDelay(attempt, options.retry, options.random);
          if (options.now() - started + delayMs >= options.deadlineMs) throw failure;
          options.onRequest?.({
            method: request.method,
            path: safePath,
            attempt,
            status: response.status,
            error: failure.message,
            delayMs,
          });
          await options.sleep(delayMs);
          continue;
        }
      } else {
        const status = response?.status ?? 0;
        const retryAfterMs = parseRetryAfter(response?.headers.get('retry-after'), options.now());
        failure = fail(errorMessage(text), {
          kind: kindOfStatus(status),
          status,
          bodySnippet: snippet(text, secrets),
          attempts: attempt,
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        });
        if (!isRetryableStatus(status)) {
          options.onRequest?.({ method: request.method, path: safePath, attempt, status });
          throw failure;
        }
      }

      if (attempt >= options.retry.maxAttempts) throw failure;
      const delayMs = retryDelay(attempt, options.retry, options.random, failure.retryAfterMs);
      if (options.now() - started + delayMs >= options.deadlineMs) throw failure;
      options.onRequest?.({
        method: request.method,
        path: safePath,
        attempt,
        ...(failure.status === undefined ? {} : { status: failure.status }),
        error: failure.message,
        delayMs,
      });
      await options.sleep(delayMs);
    }
  };
}

/** The platform's `{"error": "..."}` message when there is one, else a generic phrase. */
function errorMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as { error?: unknown }).error === 'string'
    ) {
      return (parsed as { error: string }).error;
    }
  } catch {
    // Not JSON: fall through to the generic message.
  }
  return 'request failed';
}

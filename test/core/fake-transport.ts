import type { ResponseLike, Transport, TransportInit } from '../../src/core/transport.js';

/** A request as the fake transport received it. */
export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** What a scripted answer may be: a response, a thrown network error, or never answering. */
export type Reply =
  | { status: number; body?: string | object; headers?: Record<string, string> }
  | { throws: string }
  | { hang: true };

export function response(status: number, body = '', headers: Record<string, string> = {}): ResponseLike {
  return {
    status,
    headers: { get: (name) => headers[name.toLowerCase()] ?? null },
    text: async () => body,
  };
}

/**
 * A transport that records every request and answers from `answer` (called with the request and its
 * 0-based index). A `hang` reply waits until the request's AbortSignal fires, as a real socket would.
 */
export function fakeTransport(answer: (request: SentRequest, index: number) => Reply) {
  const sent: SentRequest[] = [];
  const transport: Transport = (url: string, init: TransportInit) => {
    const request: SentRequest = {
      url,
      method: init.method,
      headers: init.headers,
      ...(init.body === undefined ? {} : { body: init.body }),
      ...(init.signal === undefined ? {} : { signal: init.signal }),
    };
    sent.push(request);
    const reply = answer(request, sent.length - 1);
    if ('throws' in reply) return Promise.reject(new Error(reply.throws));
    if ('hang' in reply) {
      return new Promise<ResponseLike>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(new Error('The operation was aborted.')));
      });
    }
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
    return Promise.resolve(response(reply.status, text, reply.headers));
  };
  return { transport, sent };
}

/** A transport that answers every request alike, in order from `replies` (the last one repeats). */
export function scripted(...replies: Reply[]) {
  return fakeTransport((_, index) => replies[Math.min(index, replies.length - 1)]!);
}

/** Injected time: `sleep` records the wait and moves the clock, so no test ever waits. */
export function fakeClock(start = 0) {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

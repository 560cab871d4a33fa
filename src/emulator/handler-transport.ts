import type { Transport } from '../core/index.js';
import { isResetResponse } from './faults.js';

/**
 * A client transport that calls an emulator handler in-process (no socket): for the demo and for tests
 * that do not need real HTTP. A connection-reset fault becomes a network error, as on a real socket.
 */
export function createHandlerTransport(handle: (request: Request) => Promise<Response>): Transport {
  return async (url, init) => {
    if (init.signal?.aborted === true) throw new Error('the operation was aborted');
    const response = await handle(
      new Request(url, {
        method: init.method,
        headers: init.headers,
        ...(init.body === undefined ? {} : { body: init.body }),
      }),
    );
    if (isResetResponse(response)) throw new Error('socket hang up (ECONNRESET)');
    return response;
  };
}

// The only file that imports the HTTP implementation: everything else receives a Transport.
import crossFetch from 'cross-fetch';

/** The part of a response the client uses: node-fetch 2 and Web `Response` both fit. */
export interface ResponseLike {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export interface TransportInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export type Transport = (url: string, init: TransportInit) => Promise<ResponseLike>;

/** The default transport: cross-fetch (node-fetch 2 on Node, the platform's fetch elsewhere). */
export const defaultTransport: Transport = (url, init) => crossFetch(url, init);

// The only file that chooses the HTTP implementation: everything else receives a Transport.

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

/**
 * The default transport: the runtime's own `fetch` (Node 18 and later, Vercel, browsers), and
 * cross-fetch only where there is none. cross-fetch is node-fetch 2 on Node, whose URL parser loads
 * the deprecated `punycode` module, so it is imported on first use and never on a runtime with
 * `fetch`: Node 21 and later print DEP0040 on every run otherwise.
 */
export const defaultTransport: Transport = async (url, init) => {
  const runtimeFetch = globalThis.fetch as typeof fetch | undefined;
  if (typeof runtimeFetch === 'function') return runtimeFetch(url, init);
  const { default: crossFetch } = await import('cross-fetch');
  return crossFetch(url, init);
};

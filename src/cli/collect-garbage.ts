import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection, for a long run that streams: V8 grows its heap with the garbage that
 * outlives a few young-generation collections (each page of 10,000 records of the listing does), and
 * only shrinks it much later, so that a streamed audit of a million records reached twice the memory
 * of one of a hundred thousand while holding the same. Collecting between pages and between pieces
 * of the report keeps the peak to what is live. Undefined where V8 does not give it.
 */
export function fullCollector(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as () => void;
  try {
    // Exposes `gc` to contexts made from now on (this one's globals are already set up).
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

/** A comparator over version texts: sign of the order, or undefined when either text is not a version. */
export type VersionCompare = (a: string, b: string) => number | undefined;

/** Past this length a text is not a version of any ecosystem; refusing it keeps parsing cheap. */
const MAX_VERSION_LENGTH = 256;

/** Entries per cache generation: two generations hold at most twice this many parsed versions. */
const GENERATION_SIZE = 8192;

/**
 * Builds a comparator from an ecosystem's parser and its order over parsed versions. Parsed versions are
 * cached, since callers such as the emulator compare the same few versions across a million rows. The
 * cache keeps two generations: a full young generation becomes the old one and a hit in the old one is
 * moved back, so the versions in use stay while a stream of one-off versions cannot grow memory.
 * Parsers see the text trimmed; a parser that throws on odd input counts as a refusal, so the
 * comparator never throws.
 */
export function makeOrder<K>(
  parse: (version: string) => K | undefined,
  compare: (a: K, b: K) => number,
): VersionCompare {
  let young = new Map<string, K | null>();
  let old = new Map<string, K | null>();

  const lookup = (version: string): K | undefined => {
    let parsed = young.get(version);
    if (parsed === undefined) {
      parsed = old.get(version);
      if (parsed === undefined) parsed = safeParse(parse, version);
      if (young.size >= GENERATION_SIZE) {
        old = young;
        young = new Map();
      }
      young.set(version, parsed);
    }
    return parsed ?? undefined;
  };

  return (a, b) => {
    if (typeof a !== 'string' || typeof b !== 'string') return undefined;
    const x = lookup(a);
    if (x === undefined) return undefined;
    const y = lookup(b);
    if (y === undefined) return undefined;
    const order = compare(x, y);
    return order < 0 ? -1 : order > 0 ? 1 : 0;
  };
}

function safeParse<K>(parse: (version: string) => K | undefined, version: string): K | null {
  const text = version.trim();
  if (text === '' || text.length > MAX_VERSION_LENGTH) return null;
  try {
    return parse(text) ?? null;
  } catch {
    return null;
  }
}

import popular from './data/npm-popular.json' with { type: 'json' };

/** The shipped list of popular npm names: where it comes from and when. */
export const NPM_POPULAR_SOURCE = {
  source: popular.source,
  published: popular.published,
  recorded: popular.recorded,
  count: popular.names.length,
};

/** How a name imitates a popular one. */
export type TyposquatTrick = 'edit' | 'swap' | 'separator';

export interface TyposquatMatch {
  /** The popular name imitated. */
  popular: string;
  trick: TyposquatTrick;
}

interface PopularIndex {
  names: Set<string>;
  /** Each name with one character deleted (and the name itself) -> the popular names that give it. */
  deletions: Map<string, string[]>;
  /** The name without scope punctuation or separators (`@types/node` -> `typesnode`) -> popular names. */
  folded: Map<string, string[]>;
  /** Rank in the list (most downloaded first), to name the likeliest target. */
  rank: Map<string, number>;
}

/** Names shorter than this are not compared by edits: `ms` and `qs` are one edit from too much. */
const MIN_EDIT_LENGTH = 4;

const fold = (name: string): string => name.toLowerCase().replace(/[@/._-]/g, '');

function deletionsOf(name: string): string[] {
  const out = [name];
  for (let i = 0; i < name.length; i++) out.push(name.slice(0, i) + name.slice(i + 1));
  return out;
}

function push(map: Map<string, string[]>, key: string, name: string): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [name]);
  else if (!list.includes(name)) list.push(name);
}

let index: PopularIndex | undefined;

/** Builds the index of the shipped list once (a few milliseconds), on first use. */
export function popularIndex(names: readonly string[] = popular.names): PopularIndex {
  if (index !== undefined && names === popular.names) return index;
  const built: PopularIndex = {
    names: new Set(names),
    deletions: new Map(),
    folded: new Map(),
    rank: new Map(),
  };
  names.forEach((name, i) => {
    built.rank.set(name, i);
    push(built.folded, fold(name), name);
    if (name.length >= MIN_EDIT_LENGTH) for (const d of deletionsOf(name)) push(built.deletions, d, name);
  });
  if (names === popular.names) index = built;
  return built;
}

/** One insertion, deletion or substitution apart ('edit'), or two adjacent characters swapped ('swap'). */
function oneEditApart(a: string, b: string): TyposquatTrick | undefined {
  if (a === b) return undefined;
  if (Math.abs(a.length - b.length) > 1) return undefined;
  if (a.length === b.length) {
    const diff: number[] = [];
    for (let i = 0; i < a.length && diff.length <= 2; i++) if (a[i] !== b[i]) diff.push(i);
    if (diff.length === 1) return 'edit';
    if (
      diff.length === 2 &&
      diff[1] === diff[0]! + 1 &&
      a[diff[0]!] === b[diff[1]] &&
      a[diff[1]] === b[diff[0]!]
    )
      return 'swap';
    return undefined;
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1) ? 'edit' : undefined;
}

/**
 * The popular npm name an added name imitates, if any: one edit or one swap of adjacent characters
 * away (for names of four characters or more), or the same once scope punctuation and separators are
 * dropped (`@types-node`, `lodash_`, `react.dom`). A name on the popular list is never a typosquat.
 */
export function typosquatOf(name: string, list?: readonly string[]): TyposquatMatch | undefined {
  const idx = popularIndex(list);
  if (idx.names.has(name)) return undefined;
  const found: TyposquatMatch[] = [];
  for (const p of idx.folded.get(fold(name)) ?? [])
    if (p !== name) found.push({ popular: p, trick: 'separator' });
  if (found.length === 0 && name.length >= MIN_EDIT_LENGTH - 1) {
    const candidates = new Set<string>();
    for (const d of deletionsOf(name)) for (const p of idx.deletions.get(d) ?? []) candidates.add(p);
    for (const p of candidates) {
      const trick = oneEditApart(name, p);
      if (trick !== undefined) found.push({ popular: p, trick });
    }
  }
  found.sort((a, b) => idx.rank.get(a.popular)! - idx.rank.get(b.popular)!);
  return found[0];
}

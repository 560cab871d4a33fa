import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROD, REACHED, ReachWalk, REQUIRED, type RootKind, rootBits } from '../../src/lockfiles/reach.js';

// The walk that bun, pnpm, yarn berry and uv share to decide dev and optional. The readers' own tests
// (and their goldens) check it through each format; these check the walk against a plain
// breadth-first search per bit, on any graph, cycles and self edges included.

/** Edges as [from, to, optional]. */
type Edge = [number, number, boolean];

function walk(count: number, edges: readonly Edge[], roots: readonly [number, number][]): Uint8Array {
  const out: [number, boolean][][] = Array.from({ length: count }, () => []);
  for (const [from, to, optional] of edges) out[from]!.push([to, optional]);
  const reach = new ReachWalk(count, (i, visit) => {
    for (const [to, optional] of out[i]!) visit(to, optional);
  });
  for (const [index, bits] of roots) reach.root(index, bits);
  reach.spread();
  return reach.bits;
}

/** What one bit reaches: a search from the roots that have it, over the edges that carry it. */
function searchBit(count: number, edges: readonly Edge[], roots: readonly [number, number][], bit: number) {
  const seen = new Set<number>();
  const queue = roots.filter(([, bits]) => (bits & bit) !== 0).map(([index]) => index);
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (seen.has(at)) continue;
    seen.add(at);
    for (const [from, to, optional] of edges)
      if (from === at && !(optional && bit === REQUIRED)) queue.push(to);
  }
  return seen;
}

describe('rootBits', () => {
  it.each<[RootKind, number]>([
    ['prod', PROD | REACHED | REQUIRED],
    ['optional', PROD | REACHED],
    ['dev', REACHED | REQUIRED],
  ])('a %s root starts with %i', (kind, bits) => {
    expect(rootBits(kind)).toBe(bits);
  });
});

describe('ReachWalk', () => {
  it('marks dev what only dev roots reach and optional what only optional edges reach', () => {
    // 0 (prod root) -> 1 -opt-> 2 ; 3 (dev root) -> 4 -> 1 ; 5 is reached by nothing
    const bits = walk(
      6,
      [
        [0, 1, false],
        [1, 2, true],
        [3, 4, false],
        [4, 1, false],
      ],
      [
        [0, rootBits('prod')],
        [3, rootBits('dev')],
      ],
    );
    expect([...bits]).toEqual([
      PROD | REACHED | REQUIRED,
      PROD | REACHED | REQUIRED,
      PROD | REACHED,
      REACHED | REQUIRED,
      REACHED | REQUIRED,
      0,
    ]);
  });

  it('expands a package again only when it gains a bit, so each is expanded at most once per bit', () => {
    const expanded: number[] = [];
    const reach = new ReachWalk(3, (i, visit) => {
      expanded.push(i);
      if (i === 0) visit(1, false);
      if (i === 1) visit(2, false);
      if (i === 2) visit(0, false);
    });
    reach.root(0, PROD | REACHED);
    reach.spread();
    reach.root(1, REACHED);
    reach.spread();
    expect(expanded).toEqual([0, 1, 2]);
    reach.root(2, REQUIRED);
    reach.spread();
    expect(expanded).toEqual([0, 1, 2, 2, 0, 1]);
    expect([...reach.bits]).toEqual([7, 7, 7]);
  });

  it('gives every bit the packages a search for that bit alone finds, whatever the graph', () => {
    const graph = fc.integer({ min: 1, max: 12 }).chain((count) =>
      fc.record({
        count: fc.constant(count),
        edges: fc.array(fc.tuple(fc.nat({ max: count - 1 }), fc.nat({ max: count - 1 }), fc.boolean()), {
          maxLength: 40,
        }),
        roots: fc.array(fc.tuple(fc.nat({ max: count - 1 }), fc.integer({ min: 1, max: 7 })), {
          maxLength: 6,
        }),
      }),
    );
    fc.assert(
      fc.property(graph, ({ count, edges, roots }) => {
        const bits = walk(count, edges, roots);
        for (const bit of [PROD, REACHED, REQUIRED]) {
          const found = searchBit(count, edges, roots, bit);
          for (let i = 0; i < count; i++) expect((bits[i]! & bit) !== 0).toBe(found.has(i));
        }
      }),
      { numRuns: 500 },
    );
  });
});

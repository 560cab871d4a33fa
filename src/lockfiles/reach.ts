// Which packages a lockfile's roots (the project and its workspace members) reach, and how: the walk
// that decides `dev` and `optional` for the readers whose format does not write them per package
// (bun, pnpm 9, yarn berry, uv). Each reader says what its roots are, which bits each one starts
// with, and what a package's dependencies are; the walk is the same for all.

/** Reached from a root that is not a dev root: the package is not dev-only. */
export const PROD = 1;
/** Reached from any root. */
export const REACHED = 2;
/** Reached from a root that is not an optional one without following an optional edge. */
export const REQUIRED = 4;

/** What the list that names a root makes of the packages it reaches. */
export type RootKind = 'prod' | 'optional' | 'dev';

/**
 * The bits a root starts with when dev and optional are judged apart: every root reaches (REACHED),
 * a dev root reaches nothing for production (no PROD), an optional one requires nothing (no REQUIRED).
 * A package is then dev when only dev roots reach it, optional when no root requires it.
 */
export function rootBits(kind: RootKind): number {
  return REACHED | (kind === 'dev' ? 0 : PROD) | (kind === 'optional' ? 0 : REQUIRED);
}

/** Calls `visit` once for each dependency of the package at `index`, saying whether that edge is optional. */
export type VisitEdges = (index: number, visit: (to: number, optional: boolean) => void) => void;

/**
 * Reach bits per package index (`bits`): roots are given theirs (`root`), and `spread` carries them
 * along the dependency edges until nothing changes; an optional edge carries every bit but REQUIRED.
 * A package is expanded again only when it gains a bit (at most once per bit), so every bit ends as
 * the set of packages some path carries it to, whatever the order. Roots given after a `spread` are
 * spread from the bits already set: giving the production roots first, then the dev ones, expands
 * each package once when dev roots carry no bit the production ones do not.
 */
export class ReachWalk {
  readonly bits: Uint8Array;
  private readonly stack: number[] = [];
  private carried = 0;
  private readonly visit = (to: number, optional: boolean): void => {
    this.root(to, optional ? this.carried & ~REQUIRED : this.carried);
  };

  constructor(
    count: number,
    private readonly edges: VisitEdges,
  ) {
    this.bits = new Uint8Array(count);
  }

  /** Adds `bits` to the package at `index`; it is expanded on the next `spread` if they are new to it. */
  root(index: number, bits: number): void {
    const before = this.bits[index]!;
    if ((before | bits) === before) return;
    this.bits[index] = before | bits;
    this.stack.push(index);
  }

  /** Carries the bits given so far along the edges, depth first (last given, first expanded). */
  spread(): void {
    const { stack, bits } = this;
    while (stack.length > 0) {
      const index = stack.pop()!;
      this.carried = bits[index]!;
      this.edges(index, this.visit);
    }
  }
}

import parseSpdx from 'spdx-expression-parse';
import satisfies from 'spdx-satisfies';
import type { LicensePolicy } from './types.js';

/** What a license policy says of a package's licenses. */
export interface LicenseVerdict {
  status: 'allowed' | 'denied' | 'unknown';
  /** The licenses that made it denied, as the package names them. */
  denied?: string[];
}

interface Leaf {
  /** As written, for messages: `GPL-2.0+`. */
  text: string;
  /** The id to compare: GNU ids made explicit (`GPL-2.0` is `GPL-2.0-only`, `GPL-2.0+` `-or-later`). */
  id: string;
  exception?: string;
}

type Node = parseSpdx.Info;

/** Ways out of an expression larger than this are not enumerated: it is judged unknown. */
const MAX_CHOICES = 512;

const GNU = /^(AGPL|GPL|LGPL|GFDL)-(\d\.\d)(-only|-or-later)?$/;

function leafOf(node: parseSpdx.LicenseInfo): Leaf {
  const gnu = GNU.exec(node.license);
  const id =
    gnu === null
      ? node.license
      : `${gnu[1]}-${gnu[2]}${node.plus === true || gnu[3] === '-or-later' ? '-or-later' : '-only'}`;
  const text = `${node.license}${node.plus === true ? '+' : ''}${node.exception === undefined ? '' : ` WITH ${node.exception}`}`;
  return node.exception === undefined ? { text, id } : { text, id, exception: node.exception };
}

/** The expression as a choice of license sets (OR of ANDs); undefined when too many to enumerate. */
function choices(node: Node): Leaf[][] | undefined {
  if ('license' in node) return [[leafOf(node)]];
  const left = choices(node.left);
  const right = choices(node.right);
  if (left === undefined || right === undefined) return undefined;
  if (node.conjunction === 'or')
    return left.length + right.length > MAX_CHOICES ? undefined : [...left, ...right];
  if (left.length * right.length > MAX_CHOICES) return undefined;
  return left.flatMap((l) => right.map((r) => [...l, ...r]));
}

function parse(expression: string): Node | undefined {
  try {
    return parseSpdx(expression.trim());
  } catch {
    return undefined;
  }
}

function leavesOf(entries: readonly string[]): Leaf[] {
  return entries.flatMap((entry) => {
    const node = parse(entry);
    return node === undefined ? [] : (choices(node) ?? []).flat();
  });
}

/** A policy entry names a leaf when the ids agree and the entry names no exception or the same one. */
function names(entry: Leaf, leaf: Leaf): boolean {
  return entry.id === leaf.id && (entry.exception === undefined || entry.exception === leaf.exception);
}

/**
 * Judge a package's licenses: every entry applies at once (the package is under all of them), and an
 * entry is an SPDX expression whose `OR` lets the user choose. With `deny`, a package is denied when
 * every choice includes a denied license; with `allow`, when no choice is made only of allowed ones
 * (SPDX ranges such as `GPL-2.0+` judged by spdx-satisfies). A package with no license, or one that is
 * not an SPDX expression (`BSD`, `SEE LICENSE IN ...`), is `unknown`: the policy decides what that is.
 */
export function licenseVerdict(licenses: readonly string[], policy: LicensePolicy): LicenseVerdict {
  // Lockfiles repeat a handful of license strings thousands of times: judge each once per policy.
  let memo = verdicts.get(policy);
  if (memo === undefined) verdicts.set(policy, (memo = new Map<string, LicenseVerdict>()));
  const key = licenses.join('\n');
  let verdict = memo.get(key);
  if (verdict === undefined) memo.set(key, (verdict = judge(licenses, policy)));
  return { ...verdict, ...(verdict.denied === undefined ? {} : { denied: [...verdict.denied] }) };
}

const verdicts = new WeakMap<LicensePolicy, Map<string, LicenseVerdict>>();

function judge(licenses: readonly string[], policy: LicensePolicy): LicenseVerdict {
  const entries = licenses.map((l) => l.trim()).filter((l) => l !== '');
  if (entries.length === 0) return { status: 'unknown' };
  const nodes = entries.map(parse);
  if (nodes.some((n) => n === undefined)) return { status: 'unknown' };
  const expression = entries.length === 1 ? entries[0]! : entries.map((e) => `(${e})`).join(' AND ');
  const combined = parse(expression);
  const ways = combined === undefined ? undefined : choices(combined);
  if (ways === undefined) return { status: 'unknown' };

  if (policy.allow !== undefined) {
    let ok: boolean;
    try {
      ok = satisfies(expression, policy.allow);
    } catch {
      return { status: 'unknown' };
    }
    if (ok) return { status: 'allowed' };
    const allowed = leavesOf(policy.allow);
    const outside = unique(ways.flat().filter((leaf) => !allowed.some((a) => names(a, leaf))));
    return { status: 'denied', denied: outside.length > 0 ? outside : entries };
  }
  if (policy.deny !== undefined) {
    const denied = leavesOf(policy.deny);
    const isDenied = (leaf: Leaf) => denied.some((d) => names(d, leaf));
    if (ways.some((way) => !way.some(isDenied))) return { status: 'allowed' };
    return { status: 'denied', denied: unique(ways.flat().filter(isDenied)) };
  }
  return { status: 'allowed' };
}

function unique(leaves: Leaf[]): string[] {
  return [...new Set(leaves.map((l) => l.text))];
}

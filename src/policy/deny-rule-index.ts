import { ECOSYSTEMS, packageId } from '../domain/index.js';
import type { RuleTarget } from './match-rule.js';
import type { PackageRule } from './types.js';

interface RuleIndex {
  /** Exact-name rules by `packageId` (a rule without an ecosystem under every one), in rule order. */
  exact: Map<string, PackageRule[]>;
  /** Rules without an exact name (substring, or no name): each is tried on every target. */
  others: PackageRule[];
}

const indexes = new WeakMap<readonly PackageRule[], RuleIndex>();

function push<K>(map: Map<K, PackageRule[]>, key: K, rule: PackageRule): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [rule]);
  else if (list[list.length - 1] !== rule) list.push(rule);
}

function build(rules: readonly PackageRule[]): RuleIndex {
  const index: RuleIndex = { exact: new Map(), others: [] };
  for (const rule of rules) {
    if (rule.exactNameMatch !== true || rule.name === undefined || rule.name === '') {
      index.others.push(rule);
      continue;
    }
    for (const ecosystem of rule.ecosystem === undefined ? ECOSYSTEMS : [rule.ecosystem])
      push(index.exact, packageId({ ecosystem, name: rule.name }), rule);
  }
  return index;
}

/**
 * The deny rules that may match a package, in policy order: those whose exact name is the package's
 * (as its ecosystem identifies packages), and every rule without an exact name. A subset that
 * `matchesRule` then decides: it only spares trying a thousand exact-name rules on every package of an
 * organization. The index is built once per list of rules.
 */
export function denyRulesFor(rules: readonly PackageRule[], target: RuleTarget): PackageRule[] {
  let index = indexes.get(rules);
  if (index === undefined) indexes.set(rules, (index = build(rules)));
  const exact = index.exact.get(packageId(target)) ?? [];
  if (index.others.length === 0) return exact;
  if (exact.length === 0) return index.others;
  return [...exact, ...index.others].sort((a, b) => a.index - b.index);
}

import type { LockfileResult } from '../../src/lockfiles/types.js';

/** The dependency graph snyk's nodejs-lockfile-parser expects of a lockfile (its `expected*.json`). */
interface SnykGraph {
  pkgs: { id: string }[];
  graph: {
    rootNodeId: string;
    nodes: { nodeId: string; pkgId: string; deps: { nodeId: string }[] }[];
  };
}

/**
 * Compares our reading of a lockfile with the graph snyk expects of it: `missing` lists the
 * `name@version` of its packages that we do not report (the root apart), `notDirect` the root's own
 * dependencies that we do not mark direct (missing ones apart). We may report more: the dependencies of
 * every workspace, and dev dependencies that snyk leaves out.
 */
export function compareWithSnykGraph(
  expectedJson: string,
  result: LockfileResult,
): { missing: string[]; notDirect: string[] } {
  const expected = JSON.parse(expectedJson) as SnykGraph;
  const root = expected.graph.nodes.find((n) => n.nodeId === expected.graph.rootNodeId);
  if (root === undefined) throw new Error('the expected graph has no root node');
  const ours = new Set(result.packages.map((p) => `${p.name}@${p.version}`));
  const missing = expected.pkgs.map((p) => p.id).filter((id) => id !== root.pkgId && !ours.has(id));
  const pkgOf = new Map(expected.graph.nodes.map((n) => [n.nodeId, n.pkgId]));
  const direct = new Set(result.packages.filter((p) => p.direct).map((p) => `${p.name}@${p.version}`));
  const notDirect = root.deps
    .map((d) => pkgOf.get(d.nodeId) ?? d.nodeId)
    .filter((id) => !direct.has(id) && !missing.includes(id));
  return { missing, notDirect };
}

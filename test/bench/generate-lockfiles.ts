/**
 * Deterministic large lockfiles for the benchmarks, written as the package managers write them: one
 * dependency graph in which every range a package asks for resolves to a version the file holds, laid
 * out by each manager's rules (npm's hoisted `node_modules` tree with nesting only where two versions
 * conflict, yarn's entries keyed by every range that resolved to them, pnpm's flat packages and
 * snapshots, Cargo's and uv's name-or-name-and-version references), sized by a byte target.
 * `test/lockfiles/bench-generators.test.ts` reads small ones with the peer libraries and checks that
 * every edge resolves and the package counts agree.
 */

/** A small seeded PRNG (mulberry32): the same seed gives the same files on every machine. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  'lo',
  'da',
  'sh',
  're',
  'act',
  'ex',
  'press',
  'core',
  'js',
  'util',
  'ify',
  'parse',
  'kit',
  'ts',
  'web',
  'pack',
  'lint',
  'mod',
];

/** One version of one package in the generated graph. */
export interface GenNode {
  name: string;
  version: string;
  deps: GenEdge[];
}

/** A dependency as its dependent declares it: the range, and the version that range resolved to. */
export interface GenEdge {
  name: string;
  range: string;
  to: GenNode;
  optional: boolean;
}

/** The whole graph: every node is reachable from the root's dependencies. */
export interface GenGraph {
  nodes: GenNode[];
  /** The root project's dependencies, dev dependencies and optional dependencies. */
  prod: GenEdge[];
  dev: GenEdge[];
  versionsOf: Map<string, GenNode[]>;
}

/** How names look, and for `nuget` one version per name (NuGet selects one per package and target). */
export type NameStyle = 'npm' | 'crate' | 'python' | 'nuget';

/**
 * A dependency graph of about `count` package versions. Most names have one version; about one in
 * ten has two or three (different majors, so that ranges pick one), which is what makes npm nest.
 * Edges go forward in a shuffled order, so the graph is acyclic, and every node is depended on by at
 * least one earlier node or by the root. Popular packages (the last twentieth of the order) collect
 * many dependents, as `tslib` or `serde` do.
 */
export function createGraph(count: number, random: () => number, style: NameStyle = 'npm'): GenGraph {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const names = new Set<string>();
  const nodes: GenNode[] = [];
  const versionsOf = new Map<string, GenNode[]>();
  while (nodes.length < count) {
    const parts = 2 + Math.floor(random() * 3);
    let name = '';
    for (let i = 0; i < parts; i++) name += pick(SYLLABLES);
    name += `-${names.size.toString(36)}`;
    if (style === 'npm' && random() < 0.2) name = `@${pick(SYLLABLES)}/${name}`;
    if (style === 'crate' && random() < 0.5) name = name.replace(/-/g, '_');
    if (style === 'nuget')
      name = name
        .split('-')
        .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
        .join('.');
    names.add(name);
    const roll = random();
    const versions = style === 'nuget' || roll < 0.9 ? 1 : roll < 0.98 ? 2 : 3;
    let major = 1 + Math.floor(random() * 8);
    const list: GenNode[] = [];
    for (let v = 0; v < versions; v++) {
      const node = {
        name,
        version: `${major}.${Math.floor(random() * 30)}.${Math.floor(random() * 40)}`,
        deps: [],
      };
      list.push(node);
      nodes.push(node);
      major += 1 + Math.floor(random() * 3);
    }
    versionsOf.set(name, list);
  }
  // Shuffle (Fisher-Yates): the order decides who may depend on whom.
  for (let i = nodes.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [nodes[i], nodes[j]] = [nodes[j]!, nodes[i]!];
  }
  const rangeFor = (to: GenNode): string => {
    const [major, minor, patch] = to.version.split('.').map(Number) as [number, number, number];
    if (style === 'nuget') return to.version;
    if (style !== 'npm') return `>=${major}.${Math.floor(random() * (minor + 1))}`;
    const roll = random();
    if (roll < 0.72) return `^${major}.${Math.floor(random() * (minor + 1))}.0`;
    if (roll < 0.87) return `~${major}.${minor}.${Math.floor(random() * (patch + 1))}`;
    if (roll < 0.97) return `^${to.version}`;
    return to.version;
  };
  const link = (from: { deps: GenEdge[] }, to: GenNode, optional = false): boolean => {
    if (from === to || from.deps.some((d) => d.name === to.name)) return false;
    from.deps.push({ name: to.name, range: rangeFor(to), to, optional });
    return true;
  };
  const root = { deps: [] as GenEdge[] };
  const referenced = new Set<GenNode>();
  const direct = Math.min(nodes.length, 60);
  for (let i = 0; i < direct; i++) if (link(root, nodes[i]!)) referenced.add(nodes[i]!);
  // Ordinary edges: forward, two in five to the popular tail.
  const popularFrom = Math.floor(nodes.length * 0.95);
  for (let i = 0; i < nodes.length; i++) {
    const from = nodes[i]!;
    const want = Math.floor(random() * random() * 9);
    for (let k = 0; k < want && i + 1 < nodes.length; k++) {
      const lo = random() < 0.4 ? Math.max(i + 1, popularFrom) : i + 1;
      if (lo >= nodes.length) continue;
      const to = nodes[lo + Math.floor(random() * (nodes.length - lo))]!;
      if (link(from, to, random() < 0.03)) referenced.add(to);
    }
  }
  // Every node has a dependent earlier in the order (or the root): nothing unreachable.
  for (let i = 0; i < nodes.length; i++) {
    const to = nodes[i]!;
    if (referenced.has(to)) continue;
    let linked = false;
    for (let tries = 0; tries < 20 && !linked && i > 0; tries++)
      linked = link(nodes[Math.floor(random() * i)]!, to);
    if (!linked) linked = link(root, to);
    if (!linked) throw new Error(`generator: could not attach ${to.name}@${to.version}`);
    referenced.add(to);
  }
  const prod: GenEdge[] = [];
  const dev: GenEdge[] = [];
  for (const edge of root.deps) (random() < 0.25 ? dev : prod).push(edge);
  return { nodes, prod, dev, versionsOf };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const HEX = '0123456789abcdef';
const chars = (random: () => number, alphabet: string, n: number) => {
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
};
const integrity = (random: () => number) => `sha512-${chars(random, BASE64, 86)}==`;
const tarball = (n: GenNode) => {
  const base = n.name.startsWith('@') ? n.name.split('/')[1] : n.name;
  return `https://registry.npmjs.org/${n.name}/-/${base}-${n.version}.tgz`;
};
const byKey = <T>(entries: [string, T][]) => entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

/** One package in npm's `node_modules` tree: where it is installed and what it resolved to. */
interface Placed {
  node: GenNode;
  path: string;
  parent: Placed | undefined;
  children: Map<string, Placed>;
  /** Names that something below resolved from above this folder: placing one here would shadow it. */
  passedThrough: Set<string>;
}

/**
 * npm's hoisting, breadth first from the root: a dependency already visible from the dependent (in
 * its own `node_modules` or an ancestor's) at the right version is reused; otherwise it is installed
 * as high as possible below the nearest conflicting version and where it shadows nothing already
 * resolved.
 */
function layOutNodeModules(graph: GenGraph): Placed[] {
  const root: Placed = {
    node: undefined!,
    path: '',
    parent: undefined,
    children: new Map(),
    passedThrough: new Set(),
  };
  const placed: Placed[] = [];
  const queue: { at: Placed; edges: GenEdge[] }[] = [{ at: root, edges: [...graph.prod, ...graph.dev] }];
  for (let q = 0; q < queue.length; q++) {
    const { at, edges } = queue[q]!;
    for (const edge of edges) {
      let candidate: Placed = at;
      let found: Placed | undefined;
      const walked: Placed[] = [];
      for (let level: Placed | undefined = at; level !== undefined; level = level.parent) {
        const there = level.children.get(edge.name);
        if (there !== undefined) {
          if (there.node === edge.to) found = there;
          break;
        }
        walked.push(level);
        if (!level.passedThrough.has(edge.name)) candidate = level;
      }
      if (found !== undefined) {
        for (const level of walked) level.passedThrough.add(edge.name);
        continue;
      }
      const path = `${candidate.path === '' ? '' : `${candidate.path}/`}node_modules/${edge.name}`;
      const child: Placed = {
        node: edge.to,
        path,
        parent: candidate,
        children: new Map(),
        passedThrough: new Set(),
      };
      candidate.children.set(edge.name, child);
      for (const level of walked) {
        if (level === candidate) break;
        level.passedThrough.add(edge.name);
      }
      placed.push(child);
      queue.push({ at: child, edges: edge.to.deps });
    }
  }
  return placed;
}

/** Resolves `name` from an installed package as Node does: its own node_modules, then each ancestor's. */
function resolveFrom(at: Placed | undefined, name: string, root: Map<string, Placed>): Placed | undefined {
  for (let level = at; level !== undefined; level = level.parent) {
    const there = level.children.get(name);
    if (there !== undefined) return there;
  }
  return root.get(name);
}

/** Which installed packages only dev dependencies reach, and which only optional edges reach. */
function npmFlags(graph: GenGraph, placed: Placed[]): Map<Placed, { dev: boolean; optional: boolean }> {
  const top = new Map<string, Placed>();
  for (const p of placed) if (p.parent?.node === undefined) top.set(p.node.name, p);
  const walk = (starts: GenEdge[], followOptional: boolean) => {
    const seen = new Set<Placed>();
    const stack: Placed[] = [];
    for (const e of starts) {
      if (e.optional && !followOptional) continue;
      const p = top.get(e.name)!;
      if (seen.has(p)) continue;
      seen.add(p);
      stack.push(p);
    }
    while (stack.length > 0) {
      const at = stack.pop()!;
      for (const e of at.node.deps) {
        if (e.optional && !followOptional) continue;
        const p = resolveFrom(at, e.name, top)!;
        if (seen.has(p)) continue;
        seen.add(p);
        stack.push(p);
      }
    }
    return seen;
  };
  const required = walk(graph.prod, false);
  const prodAny = walk(graph.prod, true);
  const flags = new Map<Placed, { dev: boolean; optional: boolean }>();
  for (const p of placed)
    flags.set(p, { dev: !prodAny.has(p), optional: prodAny.has(p) && !required.has(p) });
  return flags;
}

const rangesOf = (edges: GenEdge[], optional: boolean) =>
  Object.fromEntries(
    edges
      .filter((e) => e.optional === optional)
      .map((e) => [e.name, e.range] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : 1)),
  );

/** The root `package.json` of a generated npm-style project (for peers that read it beside the lock). */
export function manifestOf(graph: GenGraph): Record<string, unknown> {
  return {
    name: 'bench-app',
    version: '1.0.0',
    license: 'MIT',
    dependencies: rangesOf(graph.prod, false),
    devDependencies: rangesOf(graph.dev, false),
  };
}

/** The graph a generator sized for `targetBytes` at `bytesPerNode` writes, for checks beside the text. */
export function graphFor(targetBytes: number, bytesPerNode: number, seed: number, style: NameStyle = 'npm') {
  return createGraph(Math.max(20, Math.ceil(targetBytes / bytesPerNode)), createRandom(seed), style);
}

const NPM_BYTES = 468;
/** package-lock.json v3: npm's hoisted tree, dev/optional flags, licenses, engines. */
export function generatePackageLock(targetBytes: number, seed = 1): string {
  return writePackageLock(graphFor(targetBytes, NPM_BYTES, seed), seed);
}

export function writePackageLock(graph: GenGraph, seed = 1): string {
  const random = createRandom(seed + 1000);
  const placed = layOutNodeModules(graph);
  const flags = npmFlags(graph, placed);
  const entries: [string, unknown][] = [];
  for (const p of placed) {
    const entry: Record<string, unknown> = {
      version: p.node.version,
      resolved: tarball(p.node),
      integrity: integrity(random),
    };
    const flag = flags.get(p)!;
    if (flag.dev) entry.dev = true;
    if (flag.optional) entry.optional = true;
    entry.license = random() < 0.8 ? 'MIT' : 'Apache-2.0';
    const deps = rangesOf(p.node.deps, false);
    const optionalDeps = rangesOf(p.node.deps, true);
    if (Object.keys(deps).length > 0) entry.dependencies = deps;
    if (Object.keys(optionalDeps).length > 0) entry.optionalDependencies = optionalDeps;
    if (random() < 0.1) entry.engines = { node: '>=14' };
    entries.push([p.path, entry]);
  }
  byKey(entries);
  const lock = {
    name: 'bench-app',
    version: '1.0.0',
    lockfileVersion: 3,
    requires: true,
    packages: Object.fromEntries([['', manifestOf(graph)], ...entries]),
  };
  return `${JSON.stringify(lock, null, 2)}\n`;
}

/** Every range that resolved to each node, from the root and from every dependent. */
function descriptorsOf(graph: GenGraph): Map<GenNode, Set<string>> {
  const out = new Map<GenNode, Set<string>>();
  const add = (e: GenEdge) => {
    let set = out.get(e.to);
    if (set === undefined) out.set(e.to, (set = new Set()));
    set.add(e.range);
  };
  for (const e of [...graph.prod, ...graph.dev]) add(e);
  for (const n of graph.nodes) for (const e of n.deps) add(e);
  return out;
}

const YARN_BYTES = 377;
/** yarn.lock v1: one entry per version, keyed by every range that resolved to it, sorted as yarn sorts. */
export function generateYarnV1(targetBytes: number, seed = 2): string {
  return writeYarnV1(graphFor(targetBytes, YARN_BYTES, seed), seed);
}

export function writeYarnV1(graph: GenGraph, seed = 2): string {
  const random = createRandom(seed + 1000);
  // yarn quotes a key or name that does not start with a letter or holds a colon or a space.
  const quote = (s: string) => (/^[a-zA-Z][^\s:]*$/.test(s) ? s : `"${s}"`);
  const blocks: [string, string][] = [];
  for (const [node, ranges] of descriptorsOf(graph)) {
    const key = [...ranges]
      .map((r) => `${node.name}@${r}`)
      .sort()
      .map(quote)
      .join(', ');
    const lines = [
      `${key}:`,
      `  version "${node.version}"`,
      `  resolved "${tarball(node)}#${chars(random, HEX, 40)}"`,
      `  integrity ${integrity(random)}`,
    ];
    for (const [field, optional] of [
      ['dependencies', false],
      ['optionalDependencies', true],
    ] as const) {
      const deps = Object.entries(rangesOf(node.deps, optional));
      if (deps.length === 0) continue;
      lines.push(`  ${field}:`);
      for (const [name, range] of deps) lines.push(`    ${quote(name)} "${range}"`);
    }
    blocks.push([key, `${lines.join('\n')}\n`]);
  }
  byKey(blocks);
  return [
    '# THIS IS AN AUTOGENERATED FILE. DO NOT EDIT THIS FILE DIRECTLY.\n# yarn lockfile v1\n\n',
    ...blocks.map(([, b]) => b),
  ].join('\n');
}

const BERRY_BYTES = 393;
/** yarn.lock of yarn 4 (`__metadata` version 8): descriptor keys, `npm:` ranges, checksums, the workspace. */
export function generateYarnBerry(targetBytes: number, seed = 6): string {
  return writeYarnBerry(graphFor(targetBytes, BERRY_BYTES, seed), seed);
}

export function writeYarnBerry(graph: GenGraph, seed = 6): string {
  const random = createRandom(seed + 1000);
  const quoteName = (s: string) => (s.startsWith('@') ? `"${s}"` : s);
  const depLines = (edges: GenEdge[]) => {
    const lines: string[] = [];
    const sorted = [...edges].sort((a, b) => (a.name < b.name ? -1 : 1));
    if (sorted.length > 0) {
      lines.push('  dependencies:');
      for (const e of sorted) lines.push(`    ${quoteName(e.name)}: "npm:${e.range}"`);
    }
    const optional = sorted.filter((e) => e.optional);
    if (optional.length > 0) {
      lines.push('  dependenciesMeta:');
      for (const e of optional) lines.push(`    ${quoteName(e.name)}:`, '      optional: true');
    }
    return lines;
  };
  const blocks: [string, string][] = [];
  for (const [node, ranges] of descriptorsOf(graph)) {
    const descriptors = [...ranges].map((r) => `${node.name}@npm:${r}`).sort();
    const key = descriptors.join(', ');
    const lines = [
      `"${key}":`,
      `  version: ${node.version}`,
      `  resolution: "${node.name}@npm:${node.version}"`,
      ...depLines(node.deps),
      `  checksum: 10c0/${chars(random, HEX, 128)}`,
      '  languageName: node',
      '  linkType: hard',
    ];
    blocks.push([key, `${lines.join('\n')}\n`]);
  }
  const workspace = [
    '"bench-app@workspace:.":',
    '  version: 0.0.0-use.local',
    '  resolution: "bench-app@workspace:."',
    ...depLines([...graph.prod, ...graph.dev]),
    '  languageName: unknown',
    '  linkType: soft',
  ];
  blocks.push(['bench-app@workspace:.', `${workspace.join('\n')}\n`]);
  byKey(blocks);
  return [
    '# This file is generated by running "yarn install" inside your project.\n# Manual changes might be lost - proceed with caution!\n',
    '__metadata:\n  version: 8\n  cacheKey: 10c0\n',
    ...blocks.map(([, b]) => b),
  ].join('\n');
}

const PNPM_BYTES = 266;
/** pnpm-lock.yaml lockfileVersion 9.0: importers, packages and snapshots, sorted as pnpm writes them. */
export function generatePnpmV9(targetBytes: number, seed = 3): string {
  return writePnpmV9(graphFor(targetBytes, PNPM_BYTES, seed), seed);
}

export function writePnpmV9(graph: GenGraph, seed = 3): string {
  const random = createRandom(seed + 1000);
  const q = (s: string) => (s.startsWith('@') ? `'${s}'` : s);
  const out = [
    "lockfileVersion: '9.0'",
    '',
    'settings:',
    '  autoInstallPeers: true',
    '  excludeLinksFromLockfile: false',
    '',
    'importers:',
    '',
    '  .:',
  ];
  for (const [field, edges] of [
    ['dependencies', graph.prod],
    ['devDependencies', graph.dev],
  ] as const) {
    if (edges.length === 0) continue;
    out.push(`    ${field}:`);
    for (const e of [...edges].sort((a, b) => (a.name < b.name ? -1 : 1)))
      out.push(`      ${q(e.name)}:`, `        specifier: ${e.range}`, `        version: ${e.to.version}`);
  }
  const nodes = [...graph.nodes].sort((a, b) => {
    const ka = `${a.name}@${a.version}`;
    const kb = `${b.name}@${b.version}`;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  out.push('', 'packages:', '');
  for (const n of nodes) {
    out.push(`  ${q(`${n.name}@${n.version}`)}:`, `    resolution: {integrity: ${integrity(random)}}`);
    if (random() < 0.1) out.push("    engines: {node: '>=14'}");
    out.push('');
  }
  // Optional in snapshots: reached from the importers only through optional edges.
  const required = new Set<GenNode>();
  const stack = graph.prod.concat(graph.dev).map((e) => e.to);
  for (const n of stack) required.add(n);
  while (stack.length > 0)
    for (const e of stack.pop()!.deps) {
      if (e.optional || required.has(e.to)) continue;
      required.add(e.to);
      stack.push(e.to);
    }
  out.push('snapshots:', '');
  for (const n of nodes) {
    const deps = [...n.deps].sort((a, b) => (a.name < b.name ? -1 : 1));
    const plain = deps.filter((e) => !e.optional);
    const optional = deps.filter((e) => e.optional);
    const key = `  ${q(`${n.name}@${n.version}`)}:`;
    if (plain.length === 0 && optional.length === 0 && required.has(n)) {
      out.push(`${key} {}`, '');
      continue;
    }
    out.push(key);
    if (plain.length > 0) {
      out.push('    dependencies:');
      for (const e of plain) out.push(`      ${q(e.name)}: ${e.to.version}`);
    }
    if (!required.has(n)) out.push('    optional: true');
    if (optional.length > 0) {
      out.push('    optionalDependencies:');
      for (const e of optional) out.push(`      ${q(e.name)}: ${e.to.version}`);
    }
    out.push('');
  }
  return out.join('\n');
}

const BUN_BYTES = 262;
/** bun.lock (lockfileVersion 1, JSONC with trailing commas): npm's tree with `parent/name` keys. */
export function generateBunLock(targetBytes: number, seed = 5): string {
  return writeBunLock(graphFor(targetBytes, BUN_BYTES, seed), seed);
}

export function writeBunLock(graph: GenGraph, seed = 5): string {
  const random = createRandom(seed + 1000);
  const json = JSON.stringify;
  const out = [
    '{',
    '  "lockfileVersion": 1,',
    '  "workspaces": {',
    '    "": {',
    '      "name": "bench-app",',
  ];
  for (const [field, edges] of [
    ['dependencies', graph.prod],
    ['devDependencies', graph.dev],
  ] as const) {
    out.push(`      ${json(field)}: {`);
    for (const [name, range] of Object.entries(rangesOf(edges, false)))
      out.push(`        ${json(name)}: ${json(range)},`);
    out.push('      },');
  }
  out.push('    },', '  },', '  "packages": {');
  const entries: [string, string][] = layOutNodeModules(graph).map((p) => {
    const key = p.path.replace(/(^|\/)node_modules\//g, '$1');
    const meta: string[] = [];
    for (const [field, optional] of [
      ['dependencies', false],
      ['optionalDependencies', true],
    ] as const) {
      const deps = Object.entries(rangesOf(p.node.deps, optional));
      if (deps.length > 0)
        meta.push(`${json(field)}: { ${deps.map(([n, r]) => `${json(n)}: ${json(r)}`).join(', ')} }`);
    }
    const metaText = meta.length === 0 ? '{}' : `{ ${meta.join(', ')} }`;
    return [
      key,
      `    ${json(key)}: [${json(`${p.node.name}@${p.node.version}`)}, "", ${metaText}, "${integrity(random)}"],\n`,
    ];
  });
  byKey(entries);
  out.push(entries.map(([, e]) => e).join('\n'));
  out.push('  }', '}', '');
  return out.join('\n');
}

const CARGO_BYTES = 258;
/** Cargo.lock version 4: the root crate, then crates by name and version; `name version` where ambiguous. */
export function generateCargoLock(targetBytes: number, seed = 4): string {
  return writeCargoLock(graphFor(targetBytes, CARGO_BYTES, seed, 'crate'), seed);
}

export function writeCargoLock(graph: GenGraph, seed = 4): string {
  const random = createRandom(seed + 1000);
  const ref = (e: GenEdge) =>
    graph.versionsOf.get(e.name)!.length > 1 ? `${e.name} ${e.to.version}` : e.name;
  const crates: { name: string; version: string; registry: boolean; deps: GenEdge[] }[] = [
    { name: 'bench-app', version: '0.1.0', registry: false, deps: [...graph.prod, ...graph.dev] },
    ...graph.nodes.map((n) => ({ name: n.name, version: n.version, registry: true, deps: n.deps })),
  ];
  crates.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : compareVersions(a.version, b.version)));
  const out = [
    '# This file is automatically @generated by Cargo.',
    '# It is not intended for manual editing.',
    'version = 4',
    '',
  ];
  for (const c of crates) {
    out.push('[[package]]', `name = "${c.name}"`, `version = "${c.version}"`);
    if (c.registry)
      out.push(
        'source = "registry+https://github.com/rust-lang/crates.io-index"',
        `checksum = "${chars(random, HEX, 64)}"`,
      );
    if (c.deps.length > 0) {
      out.push('dependencies = [');
      for (const r of c.deps.map(ref).sort()) out.push(` "${r}",`);
      out.push(']');
    }
    out.push('');
  }
  return out.join('\n');
}

const UV_BYTES = 629;
/** uv.lock (version 1, revision 2): sdists, wheels, dependency lists; version and source where ambiguous. */
export function generateUvLock(targetBytes: number, seed = 7): string {
  return writeUvLock(graphFor(targetBytes, UV_BYTES, seed, 'python'), seed);
}

export function writeUvLock(graph: GenGraph, seed = 7): string {
  const random = createRandom(seed + 1000);
  const registry = 'source = { registry = "https://pypi.org/simple" }';
  const ref = (e: GenEdge) =>
    graph.versionsOf.get(e.name)!.length > 1
      ? `{ name = "${e.name}", version = "${e.to.version}", ${registry} }`
      : `{ name = "${e.name}" }`;
  const depList = (edges: GenEdge[]) => [
    'dependencies = [',
    ...edges
      .map(ref)
      .sort()
      .map((r) => `    ${r},`),
    ']',
  ];
  const out = ['version = 1', 'revision = 2', 'requires-python = ">=3.10"', ''];
  const packages: [string, string[]][] = [];
  const rootLines = ['[[package]]', 'name = "bench-app"', 'version = "1.0.0"', 'source = { virtual = "." }'];
  if (graph.prod.length > 0) rootLines.push(...depList(graph.prod));
  if (graph.dev.length > 0)
    rootLines.push(
      '',
      '[package.dev-dependencies]',
      ...depList(graph.dev).map((l) => l.replace(/^dependencies/, 'dev')),
    );
  packages.push(['bench-app', rootLines]);
  for (const n of graph.nodes) {
    const file = n.name.replace(/-/g, '_');
    const lines = ['[[package]]', `name = "${n.name}"`, `version = "${n.version}"`, registry];
    if (n.deps.length > 0) lines.push(...depList(n.deps));
    const hex = () => chars(random, HEX, 64);
    lines.push(
      `sdist = { url = "https://files.pythonhosted.org/packages/${hex().slice(0, 2)}/${file}-${n.version}.tar.gz", hash = "sha256:${hex()}", size = ${Math.floor(random() * 500_000)} }`,
      'wheels = [',
      `    { url = "https://files.pythonhosted.org/packages/${hex().slice(0, 2)}/${file}-${n.version}-py3-none-any.whl", hash = "sha256:${hex()}", size = ${Math.floor(random() * 500_000)} },`,
      ']',
    );
    packages.push([
      `${n.name}\u0000${n.version
        .split('.')
        .map((p) => p.padStart(4, '0'))
        .join('.')}`,
      lines,
    ]);
  }
  byKey(packages);
  for (const [, lines] of packages) out.push(...lines, '');
  return out.join('\n');
}

const NUGET_BYTES = 806;
/** obj/project.assets.json (version 3) as NuGet restore writes it, for one target framework. */
export function generateNugetAssets(targetBytes: number, seed = 8): string {
  return writeNugetAssets(graphFor(targetBytes, NUGET_BYTES, seed, 'nuget'), seed);
}

export function writeNugetAssets(graph: GenGraph, seed = 8): string {
  const random = createRandom(seed + 1000);
  const sorted = [...graph.nodes].sort((a, b) => (a.name < b.name ? -1 : 1));
  const id = (n: GenNode) => `${n.name}/${n.version}`;
  const dll = (n: GenNode) => `lib/net8.0/${n.name}.dll`;
  const target: Record<string, unknown> = {};
  const libraries: Record<string, unknown> = {};
  for (const n of sorted) {
    const entry: Record<string, unknown> = { type: 'package' };
    if (n.deps.length > 0)
      entry.dependencies = Object.fromEntries(
        [...n.deps].sort((a, b) => (a.name < b.name ? -1 : 1)).map((e) => [e.name, e.range]),
      );
    entry.compile = { [dll(n)]: { related: '.xml' } };
    entry.runtime = { [dll(n)]: { related: '.xml' } };
    target[id(n)] = entry;
    const folder = `${n.name.toLowerCase()}/${n.version}`;
    libraries[id(n)] = {
      sha512: `${chars(random, BASE64, 86)}==`,
      type: 'package',
      path: folder,
      files: [
        dll(n),
        `lib/net8.0/${n.name}.xml`,
        `${n.name.toLowerCase()}.${n.version}.nupkg.sha512`,
        `${n.name.toLowerCase()}.nuspec`,
      ],
    };
  }
  const direct = [...graph.prod, ...graph.dev].sort((a, b) => (a.name < b.name ? -1 : 1));
  const assets = {
    version: 3,
    targets: { 'net8.0': target },
    libraries,
    projectFileDependencyGroups: { 'net8.0': direct.map((e) => `${e.name} >= ${e.range}`) },
    packageFolders: { '/home/dev/.nuget/packages/': {} },
    project: {
      version: '1.0.0',
      restore: {
        projectUniqueName: '/src/BenchApp/BenchApp.csproj',
        projectName: 'BenchApp',
        projectPath: '/src/BenchApp/BenchApp.csproj',
        outputPath: '/src/BenchApp/obj/',
        projectStyle: 'PackageReference',
        originalTargetFrameworks: ['net8.0'],
        sources: { 'https://api.nuget.org/v3/index.json': {} },
        frameworks: { 'net8.0': { targetAlias: 'net8.0', projectReferences: {} } },
      },
      frameworks: {
        'net8.0': {
          targetAlias: 'net8.0',
          dependencies: Object.fromEntries(
            direct.map((e) => [e.name, { target: 'Package', version: `[${e.range}, )` }]),
          ),
        },
      },
    },
  };
  return `${JSON.stringify(assets, null, 2)}\n`;
}

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

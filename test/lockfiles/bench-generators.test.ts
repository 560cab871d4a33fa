// The benchmark's generated lockfiles are realistic: read by the peer libraries that users could pick
// instead of ours, every dependency a package declares resolves to an entry of the file (as in a lockfile
// a package manager wrote), and the peers count the same packages as our readers.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readWantedLockfile } from '@pnpm/lockfile.fs';
import { parseSyml } from '@yarnpkg/parsers';
import { parse as parseJsonc } from 'jsonc-parser';
import semver from 'semver';
import { parse as parseToml } from 'smol-toml';
import {
  parseNpmLockV2Project,
  parsePnpmProject,
  parseYarnLockV1Project,
  parseYarnLockV2Project,
} from 'snyk-nodejs-lockfile-parser';
import { describe, expect, it } from 'vitest';
import {
  graphFor,
  manifestOf,
  writeBunLock,
  writeCargoLock,
  writeNugetAssets,
  writePackageLock,
  writePnpmV9,
  writeUvLock,
  writeYarnBerry,
  writeYarnV1,
} from '../bench/generate-lockfiles.js';
import { readLockfile } from '../../src/lockfiles/index.js';

const yarnV1 = createRequire(import.meta.url)('@yarnpkg/lockfile') as {
  parse: (text: string) => { type: string; object: Record<string, YarnV1Entry> };
};
interface YarnV1Entry {
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
type Deps = Record<string, string> | undefined;

const SIZE = 160 * 1024;
const graph = graphFor(SIZE, 300, 42);
const manifest = JSON.stringify(manifestOf(graph));
const distinct = (packages: { name: string; version?: string }[]) =>
  new Set(packages.map((p) => `${p.name}@${p.version ?? ''}`)).size;
const ours = (file: string, text: string) => readLockfile(file, text).packages;
const snykOptions = { includeDevDeps: true, includeOptionalDeps: true, strictOutOfSync: true };

describe('the generated dependency graph', () => {
  it('has packages with several versions and packages asked for by several ranges', () => {
    const multi = [...graph.versionsOf.values()].filter((v) => v.length > 1).length;
    expect(multi).toBeGreaterThan(graph.versionsOf.size / 20);
    const ranges = new Map<object, Set<string>>();
    for (const n of graph.nodes)
      for (const e of n.deps) ranges.set(e.to, (ranges.get(e.to) ?? new Set()).add(e.range));
    expect([...ranges.values()].filter((r) => r.size > 1).length).toBeGreaterThan(graph.nodes.length / 10);
    // Every node is depended on: nothing is unreachable.
    const targets = new Set([...ranges.keys(), ...[...graph.prod, ...graph.dev].map((e) => e.to)]);
    expect(graph.nodes.filter((n) => !targets.has(n))).toEqual([]);
  });
});

describe('package-lock.json', () => {
  const text = writePackageLock(graph);
  const lock = JSON.parse(text) as { packages: Record<string, { version?: string } & Record<string, Deps>> };

  it('resolves every dependency through node_modules to a version its range accepts, nesting only on conflicts', () => {
    const paths = Object.keys(lock.packages).filter((p) => p !== '');
    for (const path of paths) {
      const entry = lock.packages[path]!;
      for (const [name, range] of Object.entries({ ...entry.dependencies, ...entry.optionalDependencies })) {
        let found: string | undefined;
        for (let base = path; found === undefined;) {
          const candidate = `${base}/node_modules/${name}`;
          if (lock.packages[candidate] !== undefined) found = candidate;
          else if (base === '') break;
          else
            base = base.includes('/node_modules/') ? base.slice(0, base.lastIndexOf('/node_modules/')) : '';
        }
        if (found === undefined && lock.packages[`node_modules/${name}`] !== undefined)
          found = `node_modules/${name}`;
        expect(found, `${path} -> ${name}`).toBeDefined();
        expect(semver.satisfies(lock.packages[found!]!.version!, range), `${path} -> ${name}@${range}`).toBe(
          true,
        );
      }
    }
    const nested = paths.filter((p) => p.indexOf('/node_modules/') > 0);
    expect(nested.length).toBeGreaterThan(0);
    expect(nested.length).toBeLessThan(paths.length / 4);
    expect(ours('package-lock.json', text)).toHaveLength(paths.length);
  });

  it('reads in snyk-nodejs-lockfile-parser, strictly, with the same packages as ours', async () => {
    const depGraph = await parseNpmLockV2Project(manifest, text, { ...snykOptions, pruneCycles: true });
    expect(depGraph.getPkgs().length - 1).toBe(distinct(ours('package-lock.json', text)));
  });
});

describe('yarn.lock v1', () => {
  const text = writeYarnV1(graph);

  it('keys an entry by every range that resolved to it, and every dependency range is a key', () => {
    const parsed = yarnV1.parse(text);
    expect(parsed.type).toBe('success');
    for (const entry of Object.values(parsed.object))
      for (const [name, range] of Object.entries({ ...entry.dependencies, ...entry.optionalDependencies })) {
        const target = parsed.object[`${name}@${range}`];
        expect(target, `${name}@${range}`).toBeDefined();
        expect(semver.satisfies(target!.version, range)).toBe(true);
      }
    expect(new Set(Object.values(parsed.object)).size).toBe(ours('yarn.lock', text).length);
  });

  it('reads in snyk-nodejs-lockfile-parser, strictly, with the same packages as ours', async () => {
    const depGraph = await parseYarnLockV1Project(manifest, text, {
      ...snykOptions,
      includePeerDeps: false,
      pruneLevel: 'cycles',
    });
    expect(depGraph.getPkgs().length - 1).toBe(distinct(ours('yarn.lock', text)));
  });
});

describe('yarn.lock berry', () => {
  const text = writeYarnBerry(graph);

  it('lists every descriptor a dependency uses as the key of one entry (parseSyml)', () => {
    const data = parseSyml(text) as Record<string, { dependencies?: Record<string, string> }>;
    const keys = new Map<string, string>();
    for (const key of Object.keys(data)) for (const d of key.split(',')) keys.set(d.trim(), key);
    for (const [key, entry] of Object.entries(data))
      for (const [name, range] of Object.entries(entry.dependencies ?? {}))
        expect(keys.has(`${name}@${range}`), `${key} -> ${name}@${range}`).toBe(true);
    // Entries less __metadata and the root workspace.
    expect(Object.keys(data).length - 2).toBe(ours('yarn.lock', text).length);
  });

  it('reads in snyk-nodejs-lockfile-parser, strictly, with the same packages as ours', async () => {
    const depGraph = await parseYarnLockV2Project(manifest, text, {
      ...snykOptions,
      pruneWithinTopLevelDeps: true,
    });
    expect(depGraph.getPkgs().length - 1).toBe(distinct(ours('yarn.lock', text)));
  });
});

describe('pnpm-lock.yaml v9', () => {
  const text = writePnpmV9(graph);

  it('reads in @pnpm/lockfile.fs, every snapshot dependency a package of the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'depgate-gen-pnpm-'));
    writeFileSync(join(dir, 'pnpm-lock.yaml'), text);
    type Snapshot = { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
    const lockfile = (await readWantedLockfile(dir, { ignoreIncompatible: false })) as unknown as {
      packages: Record<string, Snapshot>;
      importers: Record<string, Snapshot>;
    };
    const packages = lockfile.packages;
    for (const [key, entry] of Object.entries(packages))
      for (const [name, version] of Object.entries({ ...entry.dependencies, ...entry.optionalDependencies }))
        expect(packages[`${name}@${version}`], `${key} -> ${name}@${version}`).toBeDefined();
    for (const [name, version] of Object.entries(lockfile.importers['.']!.dependencies ?? {}))
      expect(packages[`${name}@${version}`]).toBeDefined();
    expect(Object.keys(packages).length).toBe(ours('pnpm-lock.yaml', text).length);
  });

  it('reads in snyk-nodejs-lockfile-parser, strictly, with the same packages as ours', async () => {
    const depGraph = await parsePnpmProject(manifest, text, {
      ...snykOptions,
      pruneWithinTopLevelDeps: true,
    });
    expect(depGraph.getPkgs().length - 1).toBe(distinct(ours('pnpm-lock.yaml', text)));
  });
});

describe('bun.lock', () => {
  const text = writeBunLock(graph);

  it('resolves every dependency through its parent keys to a version its range accepts (jsonc-parser)', () => {
    const data = parseJsonc(text, [], { allowTrailingComma: true }) as {
      packages: Record<
        string,
        [string, string, { dependencies?: Deps; optionalDependencies?: Deps }, string]
      >;
    };
    // A key is the chain of package names from the top: `a/@s/b` is `@s/b` installed under `a`.
    const chain = (key: string) =>
      key.split('/').reduce<string[]>((names, part) => {
        const last = names.at(-1);
        if (last?.startsWith('@') === true && !last.includes('/'))
          names[names.length - 1] = `${last}/${part}`;
        else names.push(part);
        return names;
      }, []);
    for (const [key, [id, , meta]] of Object.entries(data.packages)) {
      const parents = chain(key);
      expect(id.slice(0, id.lastIndexOf('@'))).toBe(parents.at(-1));
      for (const [name, range] of Object.entries({ ...meta.dependencies, ...meta.optionalDependencies })) {
        let found: string | undefined;
        for (let n = parents.length; n >= 0 && found === undefined; n--) {
          const candidate = [...parents.slice(0, n), name].join('/');
          if (data.packages[candidate] !== undefined) found = candidate;
        }
        expect(found, `${key} -> ${name}`).toBeDefined();
        const version = data.packages[found!]![0].slice(name.length + 1);
        expect(semver.satisfies(version, range), `${key} -> ${name}@${range}`).toBe(true);
      }
    }
    expect(Object.keys(data.packages)).toHaveLength(ours('bun.lock', text).length);
  });
});

const tomlGraph = (style: 'crate' | 'python') => graphFor(SIZE, 300, 43, style);

describe('Cargo.lock', () => {
  const text = writeCargoLock(tomlGraph('crate'));

  it('names each dependency by name alone where one version is locked, by name and version otherwise', () => {
    const data = parseToml(text) as { package: { name: string; version: string; dependencies?: string[] }[] };
    for (const crate of data.package)
      for (const dep of crate.dependencies ?? []) {
        const [name, version] = dep.split(' ');
        const matches = data.package.filter(
          (p) => p.name === name && (version === undefined || p.version === version),
        );
        expect(matches, `${crate.name} -> ${dep}`).toHaveLength(1);
      }
    expect(data.package).toHaveLength(ours('Cargo.lock', text).length);
  });
});

describe('uv.lock', () => {
  const text = writeUvLock(tomlGraph('python'));

  it('names each dependency by name alone where one version is locked, with version and source otherwise', () => {
    type Ref = { name: string; version?: string };
    const data = parseToml(text) as {
      package: { name: string; version: string; dependencies?: Ref[]; 'dev-dependencies'?: { dev: Ref[] } }[];
    };
    for (const p of data.package)
      for (const dep of [...(p.dependencies ?? []), ...(p['dev-dependencies']?.dev ?? [])]) {
        const matches = data.package.filter(
          (q) => q.name === dep.name && (dep.version === undefined || q.version === dep.version),
        );
        expect(matches, `${p.name} -> ${dep.name}`).toHaveLength(1);
      }
    // Less the project itself (a virtual source), which is not a package.
    expect(data.package.length - 1).toBe(ours('uv.lock', text).length);
  });
});

describe('project.assets.json', () => {
  const text = writeNugetAssets(graphFor(SIZE, 300, 44, 'nuget'));

  it('lists every dependency of a target entry as an entry of that target, one version per id', () => {
    type Target = Record<string, { dependencies?: Record<string, string> }>;
    const data = JSON.parse(text) as { targets: Record<string, Target>; libraries: Record<string, unknown> };
    const target = data.targets['net8.0']!;
    const ids = new Map(Object.keys(target).map((key) => [key.slice(0, key.indexOf('/')), key]));
    expect(ids.size).toBe(Object.keys(target).length);
    for (const [key, entry] of Object.entries(target))
      for (const [name, version] of Object.entries(entry.dependencies ?? {}))
        expect(ids.get(name), `${key} -> ${name}`).toBe(`${name}/${version}`);
    expect(Object.keys(data.libraries)).toHaveLength(ours('obj/project.assets.json', text).length);
  });
});

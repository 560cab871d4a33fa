import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import TOML from '@iarna/toml';
import { readWantedLockfile } from '@pnpm/lockfile.fs';
import { parseSyml } from '@yarnpkg/parsers';
import yaml from 'js-yaml';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import {
  parseNpmLockV2Project,
  parsePnpmProject,
  parseYarnLockV1Project,
  parseYarnLockV2Project,
} from 'snyk-nodejs-lockfile-parser';
import { readBunLockfile } from '../../src/lockfiles/npm/read-bun.js';
import { readCargoLock } from '../../src/lockfiles/cargo/read-cargo.js';
import { readNpmLockfile } from '../../src/lockfiles/npm/read-npm.js';
import { readNugetAssets } from '../../src/lockfiles/nuget/read-nuget-assets.js';
import { readPnpmLockfile } from '../../src/lockfiles/npm/read-pnpm.js';
import { readPoetryLock } from '../../src/lockfiles/pypi/read-poetry.js';
import { readUvLock } from '../../src/lockfiles/pypi/read-uv.js';
import { readYarnLockfile } from '../../src/lockfiles/npm/read-yarn.js';

const yarnLockfile = createRequire(import.meta.url)('@yarnpkg/lockfile') as {
  parse: (text: string) => { object: Record<string, unknown> };
};

/**
 * One way of reading a lockfile: ours, a peer library a user could pick instead, or a bare parse of the
 * text (no meaning, no lines). `manifest` is the root package.json text, for the peers that read it.
 * `count` says how many packages the result holds, counted as our readers count them.
 */
export interface Parser {
  kind: 'depgate' | 'peer' | 'bare parse';
  parse: (input: { text: string; file: string; manifest: string }) => unknown;
  count: (result: unknown) => number;
  /** The count is of distinct name@version pairs (snyk's graphs merge copies installed in two places). */
  distinct?: boolean;
}

type Obj = Record<string, unknown>;
const keys = (value: unknown) => Object.keys(value as Obj);
const ourCount = (result: unknown) => (result as { packages: unknown[] }).packages.length;
/** Our result less workspace projects, which the peers of npm, yarn, pnpm and uv do not list as packages. */
export const countLessWorkspaces = (result: unknown) =>
  (result as { packages: { source?: string }[] }).packages.filter((p) => p.source !== 'workspace').length;
/** Our result counted as a snyk graph counts: distinct name@version pairs. */
export const distinctCount = (result: unknown) =>
  new Set(
    (result as { packages: { name: string; version?: string }[] }).packages.map(
      (p) => `${p.name}@${p.version}`,
    ),
  ).size;
// Snyk's graphs hold one node per name@version, the root project included.
const snykCount = async (graph: Promise<{ getPkgs: () => unknown[] }>) => (await graph).getPkgs().length - 1;
const snykOptions = { includeDevDeps: true, includeOptionalDeps: true, strictOutOfSync: true };
const jsonc = (text: string) => {
  const errors: ParseError[] = [];
  const data = parseJsonc(text, errors, { allowTrailingComma: true }) as unknown;
  if (errors.length > 0) throw new Error(`jsonc-parser: ${errors.length} errors`);
  return data;
};
// Berry entries less __metadata and workspaces (which our reader does not count as packages).
const berryEntries = (data: unknown) =>
  Object.entries(data as Record<string, { resolution?: string }>).filter(
    ([key, entry]) => key !== '__metadata' && entry.resolution?.includes('@workspace:') !== true,
  ).length;

/** Every parser the lockfile benchmark measures, by name. */
export const PARSERS: Record<string, Parser> = {
  'read-only': { kind: 'bare parse', parse: ({ text }) => text.length, count: () => 0 },

  'depgate:npm': {
    kind: 'depgate',
    parse: ({ text }) => readNpmLockfile('package-lock.json', text),
    count: ourCount,
  },
  'JSON.parse': {
    kind: 'bare parse',
    parse: ({ text }) => JSON.parse(text) as unknown,
    count: (r) => keys((r as { packages: Obj }).packages).length - 1,
  },
  'depgate:nuget-assets': {
    kind: 'depgate',
    parse: ({ text }) => readNugetAssets('obj/project.assets.json', text),
    count: ourCount,
  },
  'JSON.parse (assets)': {
    kind: 'bare parse',
    parse: ({ text }) => JSON.parse(text) as unknown,
    count: (r) => keys((r as { libraries: Obj }).libraries).length,
  },
  'snyk (npm)': {
    kind: 'peer',
    parse: ({ text, manifest }) =>
      snykCount(parseNpmLockV2Project(manifest, text, { ...snykOptions, pruneCycles: true })),
    count: (r) => r as number,
    distinct: true,
  },

  'depgate:yarn': {
    kind: 'depgate',
    parse: ({ text }) => readYarnLockfile('yarn.lock', text),
    count: ourCount,
  },
  '@yarnpkg/lockfile': {
    kind: 'peer',
    parse: ({ text }) => yarnLockfile.parse(text),
    count: (r) => new Set(Object.values((r as { object: Obj }).object)).size,
  },
  'snyk (yarn v1)': {
    kind: 'peer',
    parse: ({ text, manifest }) =>
      snykCount(
        parseYarnLockV1Project(manifest, text, {
          ...snykOptions,
          includePeerDeps: false,
          pruneLevel: 'cycles',
        }),
      ),
    count: (r) => r as number,
    distinct: true,
  },
  '@yarnpkg/parsers': { kind: 'peer', parse: ({ text }) => parseSyml(text), count: berryEntries },
  'js-yaml (failsafe)': {
    kind: 'bare parse',
    parse: ({ text }) => yaml.load(text, { schema: yaml.FAILSAFE_SCHEMA, json: true }),
    count: berryEntries,
  },
  'snyk (yarn berry)': {
    kind: 'peer',
    parse: ({ text, manifest }) =>
      snykCount(parseYarnLockV2Project(manifest, text, { ...snykOptions, pruneWithinTopLevelDeps: true })),
    count: (r) => r as number,
    distinct: true,
  },

  'depgate:pnpm': {
    kind: 'depgate',
    parse: ({ text }) => readPnpmLockfile('pnpm-lock.yaml', text),
    count: ourCount,
  },
  '@pnpm/lockfile.fs': {
    kind: 'peer',
    // readWantedLockfile reads pnpm-lock.yaml from the project folder (the page cache holds it).
    parse: ({ file }) => readWantedLockfile(dirname(file), { ignoreIncompatible: false }),
    count: (r) => keys((r as { packages: Obj }).packages).length,
  },
  // Every document (pnpm 11 writes the env lockfile first, then the lockfile proper): the last one's
  // snapshots.
  'js-yaml': {
    kind: 'bare parse',
    parse: ({ text }) => yaml.loadAll(text, null, { json: true }),
    count: (r) => keys((r as { snapshots: Obj }[]).at(-1)!.snapshots).length,
  },
  'snyk (pnpm)': {
    kind: 'peer',
    parse: ({ text, manifest }) =>
      snykCount(parsePnpmProject(manifest, text, { ...snykOptions, pruneWithinTopLevelDeps: true })),
    count: (r) => r as number,
    distinct: true,
  },

  'depgate:bun': { kind: 'depgate', parse: ({ text }) => readBunLockfile('bun.lock', text), count: ourCount },
  'jsonc-parser': {
    kind: 'bare parse',
    parse: ({ text }) => jsonc(text),
    count: (r) => keys((r as { packages: Obj }).packages).length,
  },

  'depgate:cargo': {
    kind: 'depgate',
    parse: ({ text }) => readCargoLock('Cargo.lock', text),
    count: ourCount,
  },
  'depgate:poetry': {
    kind: 'depgate',
    parse: ({ text }) => readPoetryLock('poetry.lock', text),
    count: ourCount,
  },
  'depgate:uv': { kind: 'depgate', parse: ({ text }) => readUvLock('uv.lock', text), count: ourCount },
  // A TOML parse returns the [[package]] tables themselves: for Cargo every one is a package (the root
  // crate as our workspace entry); for uv the projects of the workspace (virtual or editable sources) are not.
  'smol-toml': {
    kind: 'bare parse',
    parse: ({ text }) => parseToml(text),
    count: (r) => tomlPackages(r),
  },
  '@iarna/toml': {
    kind: 'bare parse',
    parse: ({ text }) => TOML.parse(text),
    count: (r) => tomlPackages(r),
  },
};

function tomlPackages(result: unknown): number {
  const list = (result as { package?: { source?: { virtual?: string; editable?: string } }[] }).package ?? [];
  return list.filter((p) => p.source?.virtual === undefined && p.source?.editable === undefined).length;
}

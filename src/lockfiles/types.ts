import type { Ecosystem, PackageVersion } from '../domain/index.js';

export { ECOSYSTEMS, type Ecosystem } from '../domain/index.js';

/**
 * Where a package comes from. Only `registry` packages are checked against registry-wide policy:
 * a workspace member, a linked folder or a local path is the user's own code.
 */
export type PackageSource = 'registry' | 'git' | 'path' | 'workspace' | 'link' | 'url';

/**
 * One resolved package entry of a lockfile: the domain's package version and what the format records
 * of it. Optional fields are present only when the format tells.
 */
export interface LockfilePackage extends PackageVersion {
  /** The real package name (for an alias, the aliased package, never the alias). */
  name: string;
  /** The resolved version, without peer suffixes, build tails or platform suffixes; '' when unpinned. */
  version: string;
  /** 1-based line of the package's entry in the lockfile. */
  line: number;
  source: PackageSource;
  /**
   * True for a direct dependency of the project (or of a workspace member), false for transitive: what
   * the format records, read into the domain's transitivity once, by `transitivityOf`.
   */
  direct?: boolean;
  /** True when only development tooling depends on it. */
  dev?: boolean;
  /** True when the dependency is optional. */
  optional?: boolean;
  /**
   * Licenses as the lockfile carries them: each entry an SPDX id or expression, or the format's own
   * text (one entry when the format records one license field).
   */
  licenses?: string[];
  /** The name it is installed under when that differs from `name` (npm aliases, `npm:` protocol). */
  alias?: string;
  /**
   * Where it was resolved from: always for a source that is not a plain registry version (git URL and
   * commit, tarball URL, path); with `ReadOptions.sources`, also the registry, index or tarball URL the
   * format records for a registry package (npm `resolved`, Cargo `source`, uv `source.registry`, ...).
   */
  resolved?: string;
  /**
   * With `ReadOptions.sources`: the integrity or checksum the format records for the entry, as written
   * (`sha512-…`, a Cargo or berry checksum, `sha256:…` hashes of a Python entry's files joined by `,`).
   */
  integrity?: string;
  /**
   * With `ReadOptions.sources`: true when the entry comes inside another package's archive (npm's bundled
   * dependencies), so it has no download, source or integrity of its own.
   */
  bundled?: boolean;
  /**
   * With `ReadOptions.sources`: the platforms a yarn berry package is installed on only
   * (`os=darwin & cpu=arm64`); yarn records the checksum of such a package only where it fetched it.
   */
  conditions?: string;
  /**
   * With `ReadOptions.sources`: the patch a yarn berry entry applies to the package (a file of the
   * project, `~/.yarn/patches/a.patch`, or yarn's own, `optional!builtin<compat/fsevents>`). The
   * entry's `resolved` and checksum are the patch's; the unpatched entry beside it has the package's.
   */
  patch?: string;
  /**
   * With `ReadOptions.sources`: true when the lockfile records that the package runs install scripts
   * (npm's `hasInstallScript`).
   */
  installScript?: boolean;
  /** Install location inside the project where a format nests copies (npm `node_modules/a/node_modules/b`). */
  path?: string;
  /**
   * Set by the gate for a local entry (a link, folder or script) that points outside the repository:
   * not the project's own code, so judged as any package.
   */
  outside?: boolean;
  /** For formats that allow it (requirements.txt): the requirement is not pinned to one version. */
  unpinned?: boolean;
  /** The version requirement as written, when the entry is a requirement rather than a resolution. */
  specifier?: string;
}

export interface LockfileWarning {
  message: string;
  line?: number;
  /** Information about how the file was read, with nothing to act on: a notice, not a warning. */
  notice?: boolean;
}

/** A file this lockfile includes by reference (requirements `-r other.txt`), reported, not followed. */
export interface LockfileInclude {
  path: string;
  line: number;
  kind: 'requirements' | 'constraints';
}

export interface LockfileResult {
  ecosystem: Ecosystem;
  /** The format read, e.g. `package-lock@3`, `yarn@1`, `yarn-berry@8`, `pnpm@9.0`, `cargo@3`. */
  format: string;
  packages: LockfilePackage[];
  warnings: LockfileWarning[];
  includes?: LockfileInclude[];
  /**
   * Dependency edges as the format records them: `dependencies[i]` lists the indexes in `packages` of
   * the entries that `packages[i]` depends on (resolved the way the package manager resolves them).
   * Absent when the format records no edges (then a transitive package's path is "not recorded").
   */
  dependencies?: number[][];
}

/** What a caller wants beyond the packages. */
export interface ReadOptions {
  /**
   * Also resolve the dependency edges (`LockfileResult.dependencies`) where the format records them.
   * Off by default: resolving costs a third of a large npm read, and only dependency paths need it.
   */
  edges?: boolean;
  /**
   * Also keep each registry entry's recorded source (`resolved`) and `integrity`, which the gate
   * compares across a change. Off by default: the other callers do not need them, and leaving them out
   * keeps the common read as fast and its output as it was.
   */
  sources?: boolean;
  /**
   * The manifest beside the lockfile at the same commit (`package.json` for a yarn classic or npm v1
   * lockfile, `pyproject.toml` for a poetry.lock or pdm.lock, see `manifestPathOf`): where the lockfile
   * does not say which packages are direct, the manifest does.
   */
  manifest?: string;
}

/** A reader: the file's path (used for detection and error messages only) and its text. */
export type LockfileReader = (path: string, text: string, options?: ReadOptions) => LockfileResult;

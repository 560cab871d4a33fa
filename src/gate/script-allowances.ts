import { parse as parseYaml } from 'yaml';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const names = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((n): n is string => typeof n === 'string') : [];

/** The repository's own files that say which packages may run install scripts. */
export interface ScriptAllowanceFiles {
  /** The root `package.json`: `pnpm.onlyBuiltDependencies`, bun `trustedDependencies`, yarn `dependenciesMeta`. */
  packageJson?: string;
  /** `pnpm-workspace.yaml`: `onlyBuiltDependencies`. */
  pnpmWorkspace?: string;
}

/**
 * The packages a repository already allows to run install scripts, as its package managers read them:
 * pnpm's `onlyBuiltDependencies` (`pnpm-workspace.yaml`, or `pnpm` in package.json), bun's
 * `trustedDependencies`, yarn's `dependenciesMeta.<name>.built: true`. A file that cannot be read allows
 * nothing (it never widens what is allowed).
 */
export function scriptAllowances(files: ScriptAllowanceFiles): Set<string> {
  const allowed = new Set<string>();
  if (files.packageJson !== undefined) {
    let manifest: unknown;
    try {
      manifest = JSON.parse(files.packageJson);
    } catch {
      manifest = undefined;
    }
    if (isObj(manifest)) {
      if (isObj(manifest.pnpm)) for (const n of names(manifest.pnpm.onlyBuiltDependencies)) allowed.add(n);
      for (const n of names(manifest.trustedDependencies)) allowed.add(n);
      if (isObj(manifest.dependenciesMeta))
        for (const [key, meta] of Object.entries(manifest.dependenciesMeta))
          // yarn keys may carry a version range: `fsevents@2.3.2`.
          if (isObj(meta) && meta.built === true) allowed.add(key.replace(/(.)@.*$/, '$1'));
    }
  }
  if (files.pnpmWorkspace !== undefined) {
    let workspace: unknown;
    try {
      workspace = parseYaml(files.pnpmWorkspace);
    } catch {
      workspace = undefined;
    }
    if (isObj(workspace)) for (const n of names(workspace.onlyBuiltDependencies)) allowed.add(n);
  }
  return allowed;
}

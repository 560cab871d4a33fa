/** Lockfile names whose reader learns from the manifest beside them which packages are direct. */
const MANIFESTS: Record<string, string> = {
  'yarn.lock': 'package.json',
  'poetry.lock': 'pyproject.toml',
  'pdm.lock': 'pyproject.toml',
};

/**
 * The manifest beside a lockfile that its reader takes as `ReadOptions.manifest` (`svc/yarn.lock` ->
 * `svc/package.json`), or undefined when the lockfile alone says which packages are direct.
 */
export function manifestPathOf(path: string): string | undefined {
  const slash = path.lastIndexOf('/');
  const manifest = MANIFESTS[path.slice(slash + 1).toLowerCase()];
  return manifest === undefined ? undefined : `${path.slice(0, slash + 1)}${manifest}`;
}

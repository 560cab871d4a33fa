/** Lockfile names whose reader learns from the manifest beside them which packages are direct. */
const MANIFESTS: Record<string, string> = {
  'yarn.lock': 'package.json',
  'poetry.lock': 'pyproject.toml',
  'pdm.lock': 'pyproject.toml',
};

/** npm lockfiles, which need their package.json only in version 1 (later versions record the root). */
const NPM_LOCKFILES = new Set(['package-lock.json', 'npm-shrinkwrap.json']);

/**
 * The manifest beside a lockfile that its reader takes as `ReadOptions.manifest` (`svc/yarn.lock` ->
 * `svc/package.json`), or undefined when the lockfile alone says which packages are direct. An npm
 * lockfile needs it only when it is version 1, which its `text` tells (without it, none is asked for).
 */
export function manifestPathOf(path: string, text?: string): string | undefined {
  const slash = path.lastIndexOf('/');
  const name = path.slice(slash + 1).toLowerCase();
  const manifest = NPM_LOCKFILES.has(name)
    ? text !== undefined && isNpmV1(text)
      ? 'package.json'
      : undefined
    : MANIFESTS[name];
  return manifest === undefined ? undefined : `${path.slice(0, slash + 1)}${manifest}`;
}

// Whether an npm lockfile's text says `"lockfileVersion": 1`: npm writes it at the top, once.
function isNpmV1(text: string): boolean {
  const at = text.indexOf('"lockfileVersion"');
  return at !== -1 && /^"lockfileVersion"\s*:\s*1(?![\d.eE])/.test(text.slice(at, at + 64));
}

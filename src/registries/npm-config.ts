/** npm's public registry, used when nothing else is configured. */
export const NPM_DEFAULT_REGISTRY = 'https://registry.npmjs.org/';

/** Where npm packages are fetched from, as npm itself would find it, and the tokens it holds. */
export interface NpmRegistryConfig {
  /** The default registry, with a trailing slash. */
  registry: string;
  /** `@scope` -> that scope's registry. */
  scopes: Map<string, string>;
  /** npm's "nerf-darted" keys (`//host/path/`) -> `_authToken`. */
  tokens: Map<string, string>;
}

const withSlash = (url: string): string => (url.endsWith('/') ? url : `${url}/`);

/** `${NAME}` in an .npmrc value from the environment, as npm expands it (unset: left as written). */
function expand(value: string, env: Readonly<Record<string, string | undefined>>): string {
  return value.replace(/\$\{([^}]+)\}/g, (whole, name: string) => env[name] ?? whole);
}

/**
 * The registry configuration npm would use in a repository: `npm_config_registry` from the environment,
 * then the repository's `.npmrc` (`registry=`, `@scope:registry=`, `//host/path/:_authToken=`), then
 * https://registry.npmjs.org/. Only the keys depgate needs are read; the rest is ignored.
 */
export function npmRegistryConfig(
  npmrc: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): NpmRegistryConfig {
  let registry: string | undefined;
  const scopes = new Map<string, string>();
  const tokens = new Map<string, string>();
  for (const raw of (npmrc ?? '').split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    if (/^".*"$|^'.*'$/.test(value)) value = value.slice(1, -1);
    value = expand(value, env);
    if (key === 'registry') registry = value;
    else if (/^@[^:]+:registry$/.test(key)) scopes.set(key.slice(0, key.indexOf(':')), withSlash(value));
    else if (key.startsWith('//') && key.endsWith(':_authToken'))
      tokens.set(withSlash(key.slice(0, -':_authToken'.length)), value);
  }
  const fromEnv = env.npm_config_registry ?? env.NPM_CONFIG_REGISTRY;
  return {
    registry: withSlash(
      fromEnv !== undefined && fromEnv !== '' ? fromEnv : (registry ?? NPM_DEFAULT_REGISTRY),
    ),
    scopes,
    tokens,
  };
}

/** The registry a package name is fetched from: its scope's, else the default. */
export function npmRegistryFor(name: string, config: NpmRegistryConfig): string {
  if (name.startsWith('@')) {
    const scope = config.scopes.get(name.slice(0, name.indexOf('/')));
    if (scope !== undefined) return scope;
  }
  return config.registry;
}

/**
 * The `_authToken` configured for a registry URL: the one whose key names the same host (and port)
 * and the longest prefix of its path, as npm matches them. Never one of another host.
 */
export function npmTokenFor(registry: string, config: NpmRegistryConfig): string | undefined {
  let url: URL;
  try {
    url = new URL(registry);
  } catch {
    return undefined;
  }
  let path = withSlash(url.pathname);
  for (;;) {
    const token = config.tokens.get(`//${url.host}${path}`);
    if (token !== undefined) return token;
    if (path === '/') return undefined;
    path = path.slice(0, path.slice(0, -1).lastIndexOf('/') + 1);
  }
}

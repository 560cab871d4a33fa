/**
 * pnpm dependency paths (the keys of `packages:` and `snapshots:`, and the versions importers and
 * packages point to), in the three spellings pnpm has used:
 *   lockfile 5.x  `/name/1.0.0`, `/@scope/name/1.0.0_react@18.2.0`, `registry.example.com/name/1.0.0`
 *   lockfile 6.x  `/name@1.0.0`, `/@scope/name@1.0.0(react@18.2.0)`
 *   lockfile 9.x  `name@1.0.0`, `name@1.0.0(react@18.2.0)`, `name@https://...`, `name@file:dir`
 * and, in 5.x and 6.x, keys of packages that do not come from a registry: `file:dir`,
 * `github.com/owner/repo/commit`, `registry.example.com/name/-/name-1.0.0.tgz`.
 */

/** How a lockfile spells its keys. */
export type PnpmKeyStyle = 'slash' | 'at-slash' | 'at';

export function keyStyleOf(major: number): PnpmKeyStyle {
  if (major < 6) return 'slash';
  if (major < 7) return 'at-slash';
  return 'at';
}

export type PnpmKeyKind = 'registry' | 'file' | 'link' | 'other';

export interface PnpmKey {
  kind: PnpmKeyKind;
  /** The package name when the key tells it. */
  name?: string;
  /** For registry keys: the version without peer or patch suffixes. */
  version?: string;
  /** For 9.x keys that are not registry versions: what follows `name@`, without peer suffixes. */
  spec?: string;
  /** A registry other than the default one, named by the key (5.x and 6.x only). */
  host?: string;
}

/** Hosts whose keys in 5.x and 6.x name a git repository, not a registry. */
const GIT_HOST = /^(github\.com|gitlab\.com|bitbucket\.org)$|[@+]/;

/** Cuts the peer (and patch) suffix of a version: `1.0.0(react@18.2.0)`, or in 5.x `1.0.0_react@18.2.0`. */
export function cutPeers(version: string, style: PnpmKeyStyle): string {
  const paren = version.indexOf('(');
  let out = paren === -1 ? version : version.slice(0, paren);
  if (style === 'slash') {
    const underscore = out.indexOf('_');
    if (underscore !== -1) out = out.slice(0, underscore);
  }
  return out;
}

/** A key with its peer suffix removed, as 9.x `packages:` spells the keys of `snapshots:`. */
export function cutKeyPeers(key: string): string {
  const at = key.indexOf('@', 1);
  const paren = key.indexOf('(', at === -1 ? 0 : at);
  return paren === -1 ? key : key.slice(0, paren);
}

/** `name/version` (5.x) or `name@version` (6.x and 9.x), scoped or not; undefined if not that shape. */
export function splitNameVersion(
  path: string,
  style: PnpmKeyStyle,
): { name: string; version: string } | undefined {
  if (style === 'slash') {
    const parts = path.split('/');
    const scoped = parts[0]?.startsWith('@') === true;
    const want = scoped ? 3 : 2;
    if (parts.length !== want) return undefined;
    const name = scoped ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '');
    const version = parts[want - 1] ?? '';
    if (name === '' || name === '@' || version === '') return undefined;
    return { name, version: cutPeers(version, style) };
  }
  const at = path.indexOf('@', 1);
  if (at <= 0 || at === path.length - 1) return undefined;
  const name = path.slice(0, at);
  if (name.endsWith('/')) return undefined;
  return { name, version: cutPeers(path.slice(at + 1), style) };
}

const isVersion = (s: string) => {
  const c = s.charCodeAt(0);
  return c >= 48 && c <= 57;
};

/**
 * Reads a `packages:` key. Undefined when the key has none of pnpm's shapes (not even a host form),
 * which the reader reports as a malformed lockfile.
 */
export function parsePnpmKey(key: string, style: PnpmKeyStyle): PnpmKey | undefined {
  if (key.startsWith('file:')) return { kind: 'file' };
  if (key.startsWith('link:')) return { kind: 'link' };
  if (key.startsWith('/')) {
    const nv = splitNameVersion(key.slice(1), style === 'at' ? 'at-slash' : style);
    if (nv === undefined) return undefined;
    return isVersion(nv.version) ? { kind: 'registry', ...nv } : { kind: 'other', name: nv.name };
  }
  if (style === 'at') {
    const at = key.indexOf('@', 1);
    if (at <= 0 || at === key.length - 1) return undefined;
    const name = key.slice(0, at);
    const rest = key.slice(at + 1);
    if (isVersion(rest)) return { kind: 'registry', name, version: cutPeers(rest, style) };
    const spec = cutPeers(rest, style);
    if (spec.startsWith('file:')) return { kind: 'file', name, spec };
    if (spec.startsWith('link:')) return { kind: 'link', name, spec };
    return { kind: 'other', name, spec };
  }
  // 5.x and 6.x: a key without a leading slash starts with a host (or is a tarball URL without its scheme).
  const slash = key.indexOf('/');
  if (slash <= 0) return undefined;
  const host = key.slice(0, slash);
  if (GIT_HOST.test(host)) return { kind: 'other' };
  const nv = splitNameVersion(key.slice(slash + 1), style);
  if (nv === undefined || !isVersion(nv.version)) return { kind: 'other' };
  return { kind: 'registry', ...nv, host };
}

/**
 * The keys a dependency reference may point to, most likely first: importers and packages write
 * `dep: 1.0.0` for `dep` itself, `dep: /real/1.0.0` or `dep: real@1.0.0` for an alias, and the key
 * itself for anything else.
 */
export function referenceKeys(depName: string, ref: string, style: PnpmKeyStyle): string[] {
  if (isVersion(ref)) {
    if (style === 'slash') return [`/${depName}/${ref}`];
    if (style === 'at-slash') return [`/${depName}@${ref}`];
    return [`${depName}@${ref}`];
  }
  // Hand-edited or older files may keep the `./` of the manifest's `file:./dir`; pnpm drops it in keys.
  const refs = ref.startsWith('file:./') ? [ref, `file:${ref.slice('file:./'.length)}`] : [ref];
  if (style === 'at') return [...refs.map((r) => `${depName}@${r}`), ...refs];
  return refs;
}

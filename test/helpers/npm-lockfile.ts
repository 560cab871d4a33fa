/** A package of `npmLockfile`: its version, and the license npm records where it is given. */
export interface NpmLockEntry {
  version: string;
  license?: string;
  /** Where npm resolved it from, and its integrity, where the test gives them. */
  resolved?: string;
  integrity?: string;
}

/**
 * A package-lock.json v3 as npm writes it for a root project `app` whose direct dependencies are
 * `packages` (hoisted, each at `node_modules/<name>`); `range` is what the root asks for each (its
 * version unless given).
 */
export function npmLockfile(
  packages: Record<string, string | NpmLockEntry>,
  range: (name: string, entry: NpmLockEntry) => string = (_name, entry) => entry.version,
): string {
  const entries = Object.entries(packages).map(
    ([name, p]) => [name, typeof p === 'string' ? { version: p } : p] as const,
  );
  const lock = {
    name: 'app',
    version: '1.0.0',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': {
        name: 'app',
        version: '1.0.0',
        dependencies: Object.fromEntries(entries.map(([name, entry]) => [name, range(name, entry)])),
      },
      ...Object.fromEntries(entries.map(([name, entry]) => [`node_modules/${name}`, entry])),
    },
  };
  return `${JSON.stringify(lock, null, 2)}\n`;
}

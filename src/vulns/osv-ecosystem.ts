import { packageKey, type Ecosystem } from '../domain/index.js';

/**
 * OSV's name for each ecosystem depgate reads, as the OSV schema spells it
 * (https://ossf.github.io/osv-schema/#affectedpackage-field, the `ecosystems` list of osv-schema).
 * CocoaPods has no advisory database in OSV: its pods are `unsupported`, never "no advisories".
 */
const OSV_NAMES: Readonly<Record<Ecosystem, string | undefined>> = {
  npm: 'npm',
  pypi: 'PyPI',
  gomod: 'Go',
  cargo: 'crates.io',
  maven: 'Maven',
  gem: 'RubyGems',
  composer: 'Packagist',
  nuget: 'NuGet',
  pub: 'Pub',
  swiftpm: 'SwiftURL',
  hex: 'Hex',
  cocoapods: undefined,
};

const BY_OSV_NAME: ReadonlyMap<string, Ecosystem> = new Map(
  Object.entries(OSV_NAMES).flatMap(([ecosystem, osv]) =>
    osv === undefined ? [] : [[osv, ecosystem as Ecosystem] as const],
  ),
);

/** OSV's ecosystem name for one of depgate's (`pypi` -> `PyPI`); undefined when OSV has none (CocoaPods). */
export function osvEcosystem(ecosystem: Ecosystem): string | undefined {
  return Object.hasOwn(OSV_NAMES, ecosystem) ? OSV_NAMES[ecosystem] : undefined;
}

/**
 * depgate's ecosystem for an OSV ecosystem name. OSV suffixes some with a release (`Debian:12`,
 * `Alpine:v3.19`); none of ours has one, so the name must match exactly (`PyPI`, not `pypi`).
 */
export function ecosystemOfOsv(name: string): Ecosystem | undefined {
  return BY_OSV_NAME.get(name);
}

/**
 * A package name as OSV's records spell it: PyPI names PEP 503-normalised (OSV matches them so),
 * Maven `group:artifact`, Go the module path as written, SwiftURL the repository URL without its
 * scheme; other names as the lockfile has them, trimmed.
 */
export function osvPackageName(ecosystem: Ecosystem, name: string): string {
  switch (ecosystem) {
    case 'pypi':
    case 'maven':
    case 'swiftpm':
      return packageKey(ecosystem, name);
    default:
      return name.trim();
  }
}

/**
 * Whether a record's package name is the queried one: the same package to its registry
 * (`PyYAML` is `pyyaml`, crates' `-` and `_` are one), by the domain's package keys.
 */
export function samePackage(ecosystem: Ecosystem, a: string, b: string): boolean {
  return packageKey(ecosystem, a) === packageKey(ecosystem, b);
}

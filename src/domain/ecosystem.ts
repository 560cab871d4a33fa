/** Ecosystem names as the platform spells them (decisions.md, "Ecosystem names"). */
export const ECOSYSTEMS = [
  'npm',
  'pypi',
  'gomod',
  'cargo',
  'maven',
  'gem',
  'composer',
  'nuget',
  'pub',
  'swiftpm',
  'hex',
  'cocoapods',
] as const;
export type Ecosystem = (typeof ECOSYSTEMS)[number];

const KNOWN: ReadonlySet<string> = new Set(ECOSYSTEMS);

/**
 * Other spellings people and tools use for the same ecosystems (OSV's names, registry names, package
 * manager names), so a policy that says `PyPI`, `go` or `rubygems` means what its author meant.
 */
const ALIASES: Readonly<Record<string, Ecosystem>> = {
  go: 'gomod',
  golang: 'gomod',
  pip: 'pypi',
  python: 'pypi',
  rubygems: 'gem',
  ruby: 'gem',
  gems: 'gem',
  'crates.io': 'cargo',
  crates: 'cargo',
  rust: 'cargo',
  packagist: 'composer',
  php: 'composer',
  swift: 'swiftpm',
  swiftpackage: 'swiftpm',
  dart: 'pub',
  elixir: 'hex',
  erlang: 'hex',
  yarn: 'npm',
  pnpm: 'npm',
  javascript: 'npm',
  java: 'maven',
  gradle: 'maven',
  dotnet: 'nuget',
  pods: 'cocoapods',
};

export function isEcosystem(text: string): text is Ecosystem {
  return KNOWN.has(text);
}

/**
 * The ecosystem a name means, case-insensitively, with the usual other spellings (`PyPI`, `go`,
 * `crates.io`, `RubyGems`); undefined for a name no ecosystem has.
 */
export function parseEcosystem(text: string): Ecosystem | undefined {
  const lower = text.trim().toLowerCase();
  if (isEcosystem(lower)) return lower;
  return Object.hasOwn(ALIASES, lower) ? ALIASES[lower] : undefined;
}

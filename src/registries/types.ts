import type { Ecosystem } from '../domain/index.js';

/** What a registry says about one published version. */
export interface VersionFacts {
  /** When the version was published (ISO 8601), when the registry says. */
  published?: string;
  /** The install-time scripts the version's manifest declares (`preinstall`, `install`, `postinstall`). */
  installScripts?: string[];
  /** The registry's deprecation message, when the version is deprecated. */
  deprecated?: string;
  /** Whether the version carries a provenance attestation (npm `dist.attestations.provenance`). */
  provenance: boolean;
  /** PyPI and crates.io: the version was yanked. */
  yanked?: boolean;
}

/** What a registry says about one package: every version it lists, and which registry answered. */
export interface PackageFacts {
  /** The registry's URL, credentials never included. */
  registry: string;
  versions: Map<string, VersionFacts>;
}

/** A package to ask a registry about. */
export interface RegistryQuestion {
  ecosystem: Ecosystem;
  name: string;
}

/** A registry that could not answer: its URL, why, and the names left unanswered. */
export interface RegistryFailure {
  registry: string;
  error: string;
  names: string[];
}

/** What the registries answered for a set of names. */
export interface RegistryLookup {
  /** By `registryKey(ecosystem, name)`. */
  found: Map<string, PackageFacts>;
  /** Names a registry answered 404 for (a private package served elsewhere, or a name that does not exist). */
  notFound: { ecosystem: Ecosystem; name: string; registry: string }[];
  failures: RegistryFailure[];
  /** Names of an ecosystem no registry client here reads. */
  unsupported: RegistryQuestion[];
  /** Requests made (retries included), and the fewest the names could take (one each). */
  requests: number;
  minimumRequests: number;
}

/** Registry metadata for a set of package names: asked once per name. */
export interface RegistrySource {
  lookup(questions: readonly RegistryQuestion[], signal?: AbortSignal): Promise<RegistryLookup>;
}

/** The key a package's facts are kept under. */
export const registryKey = (ecosystem: Ecosystem, name: string): string => `${ecosystem}\u0000${name}`;

// Not npm-seed.json: the bundler would take a JSON file of the module's own name for the module.
import recorded from './npm-packuments.json' with { type: 'json' };

/**
 * Real npm packuments, recorded on 2026-11-28 from https://registry.npmjs.org (`GET /<name>`) and trimmed
 * to what depgate reads: `dist-tags`, `time` and, of a few versions each, the install-time `scripts` and
 * `dist`. Packages: chalk 5.6.0 and 5.6.2 (5.6.2 is the release that replaced the compromised 5.6.1 of
 * 2025-09-08), debug 4.4.0, 4.4.1 and 4.4.3, esbuild 0.25.0 (a real `postinstall`), request 2.88.0 and
 * 2.88.2, lodash 4.17.20 and 4.17.21.
 *
 * The registry reachable from where this was recorded serves trimmed documents: `time` and `scripts` are
 * there, `deprecated`, `dist.attestations`, `dist.signatures` and `_npmUser` are not. Those fields are
 * modelled below from npm's documented shape
 * (https://github.com/npm/registry/blob/main/docs/REGISTRY-API.md, https://docs.npmjs.com/generating-provenance-statements):
 * `deprecated` on request 2.88.2 with request's real deprecation message, and a provenance attestation
 * on debug 4.4.0 and 4.4.1 but none on 4.4.3, so that an upgrade to 4.4.3 is a provenance regression.
 */
function modelled(): Record<string, Record<string, unknown>> {
  const docs = structuredClone(recorded) as unknown as Record<string, Packument>;
  const attest = (name: string, version: string) => {
    const dist = docs[name]!.versions[version]!.dist;
    dist.attestations = {
      url: `https://registry.npmjs.org/-/npm/v1/attestations/${name}@${version}`,
      provenance: { predicateType: 'https://slsa.dev/provenance/v1' },
    };
  };
  attest('debug', '4.4.0');
  attest('debug', '4.4.1');
  docs.request!.versions['2.88.2']!.deprecated =
    'request has been deprecated, see https://github.com/request/request/issues/3142';
  return docs as unknown as Record<string, Record<string, unknown>>;
}

interface Packument {
  versions: Record<string, { deprecated?: string; dist: Record<string, unknown> }>;
}

/** The seeded packuments by name, as the emulator serves them. */
export const NPM_SEED_PACKUMENTS: Readonly<Record<string, Record<string, unknown>>> = modelled();

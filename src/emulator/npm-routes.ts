import { jsonResponse } from './http.js';
import { NPM_SEED_PACKUMENTS } from './npm-seed.js';
import type { Route } from './routes.js';

/** Where the emulator serves its npm registry: a registry with a path, as Artifactory or Nexus serve one. */
export const NPM_REGISTRY_PATH = '/npm';

export interface NpmRegistryOptions {
  /** Packuments by package name; default the recorded ones (npm-seed.ts). */
  packuments?: Readonly<Record<string, Record<string, unknown>>>;
}

/** npm's own answer for a name it does not have. */
const notFound = () => jsonResponse(404, { error: 'Not found' });

function decodeName(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * npm's registry read routes (https://github.com/npm/registry/blob/main/docs/REGISTRY-API.md) under
 * `/npm`: `GET /npm/<name>` the packument, `GET /npm/<name>/<version or dist-tag>` one version's
 * manifest; a scoped name as npm sends it, `/@scope%2fname` (or `/@scope/name`). No authentication: a
 * public registry's reads need none.
 */
export function createNpmRoutes(options: NpmRegistryOptions = {}): Route[] {
  const packuments = options.packuments ?? NPM_SEED_PACKUMENTS;
  const lookup = (raw: string) => {
    const name = decodeName(raw);
    return name === undefined ? undefined : packuments[name];
  };
  return [
    {
      methods: ['GET'],
      pattern: /^\/npm\/((?:@[^/]+(?:\/|%2[fF]))?[^/@][^/]*)$/,
      run: async (_request, [raw]) => {
        const doc = lookup(raw ?? '');
        return doc === undefined ? notFound() : jsonResponse(200, doc);
      },
    },
    {
      methods: ['GET'],
      pattern: /^\/npm\/((?:@[^/]+(?:\/|%2[fF]))?[^/@][^/]*)\/([^/]+)$/,
      run: async (_request, [raw, rawVersion]) => {
        const doc = lookup(raw ?? '') as
          { versions?: Record<string, unknown>; 'dist-tags'?: Record<string, string> } | undefined;
        const wanted = decodeName(rawVersion ?? '') ?? '';
        const version = doc?.['dist-tags']?.[wanted] ?? wanted;
        const manifest = doc?.versions?.[version];
        return manifest === undefined ? notFound() : jsonResponse(200, manifest);
      },
    },
  ];
}

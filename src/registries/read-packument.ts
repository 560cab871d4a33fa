import type { VersionFacts } from './types.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The scripts npm runs at install time (https://docs.npmjs.com/cli/using-npm/scripts#npm-install). */
export const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'] as const;

/** A registry document that is not a packument: what is wrong and the field at fault. */
export class PackumentError extends Error {
  override readonly name = 'PackumentError';
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/**
 * The facts depgate reads from an npm packument (`GET /<name>`, the full document): `time[version]`,
 * and of each `versions[version]`: `scripts` (install-time ones), `deprecated` and
 * `dist.attestations.provenance` (npm documents `dist.attestations: {url, provenance: {predicateType}}`).
 * Throws a PackumentError for a document of another shape (a web page's JSON, another package's).
 */
export function readPackument(value: unknown, name: string): Map<string, VersionFacts> {
  if (!isObj(value)) throw new PackumentError('the answer is not a package document', '');
  if (value.name !== undefined && value.name !== name)
    throw new PackumentError(
      `asked for ${name} but the document is ${JSON.stringify(value.name).slice(0, 100)}`,
      'name',
    );
  const versions = value.versions;
  if (!isObj(versions)) throw new PackumentError('the document has no versions object', 'versions');
  const time = value.time === undefined ? {} : value.time;
  if (!isObj(time)) throw new PackumentError('time is not an object', 'time');
  const out = new Map<string, VersionFacts>();
  for (const [version, manifest] of Object.entries(versions)) {
    if (!isObj(manifest))
      throw new PackumentError(`versions["${version}"] is not an object`, `versions.${version}`);
    const facts: VersionFacts = { provenance: false };
    const published = time[version];
    if (typeof published === 'string' && !Number.isNaN(Date.parse(published))) facts.published = published;
    const scripts = manifest.scripts;
    if (isObj(scripts)) {
      const run = INSTALL_SCRIPTS.filter((s) => typeof scripts[s] === 'string' && scripts[s] !== '');
      if (run.length > 0) facts.installScripts = run;
    }
    if (typeof manifest.deprecated === 'string' && manifest.deprecated !== '')
      facts.deprecated = manifest.deprecated;
    const dist = manifest.dist;
    if (isObj(dist) && isObj(dist.attestations) && isObj(dist.attestations.provenance))
      facts.provenance = true;
    out.set(version, facts);
  }
  return out;
}

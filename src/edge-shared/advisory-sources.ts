import type { Transport } from '../core/index.js';
import type { GateAdvisorySource, GatePlatform } from '../gate/index.js';
import type { Policy } from '../policy/index.js';
import { OSV_DEFAULT_URL, osvOfflineSource, osvSource, platformSource } from '../vulns/index.js';
import { SetupError } from './setup-error.js';

/** Where the edge was told advisories are: OSV's API (a URL) or an offline OSV export (a folder). */
export interface AdvisorySettings {
  /** `--osv-url`, `DEPGATE_OSV_URL`, the Action's `osv-url`; default https://api.osv.dev. */
  osvUrl?: string;
  /** `--osv-db`, the Action's `osv-database`: read advisories from this folder, never the network. */
  osvDatabase?: string;
  /** What the names are in messages (`--osv-url`, `osv-url`). */
  names: { osvUrl: string; osvDatabase: string };
}

/**
 * Checks the advisory settings: an http(s) URL without credentials (they would reach logs and
 * reports through the source's label), and not both a URL and a database. Throws a SetupError (exit 2).
 */
export function checkAdvisorySettings(settings: AdvisorySettings): void {
  const { osvUrl, osvDatabase, names } = settings;
  if (osvUrl !== undefined && osvDatabase !== undefined)
    throw new SetupError(
      `${names.osvUrl} and ${names.osvDatabase} together: choose OSV's API or an offline database`,
    );
  if (osvUrl === undefined) return;
  let url: URL;
  try {
    url = new URL(osvUrl);
  } catch {
    throw new SetupError(`${names.osvUrl}: not a URL; write OSV's API root, such as ${OSV_DEFAULT_URL}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new SetupError(`${names.osvUrl}: an http(s) URL is needed, such as ${OSV_DEFAULT_URL}`);
  if (url.username !== '' || url.password !== '')
    throw new SetupError(
      `${names.osvUrl}: the URL carries credentials, which would be shown in reports and logs; OSV's API needs none (use a mirror that does not ask for them)`,
    );
}

/**
 * The advisory sources the policy's `vulnerabilities.sources` name, as this edge can set them up: OSV
 * over HTTP (or its offline export), and the platform's supply-chain findings through the edge's
 * platform client. Without one (no token, or the platform turned off) a policy that lists `platform`
 * gets it as a source that cannot answer (never a silent pass: `onError` decides). Empty when the
 * policy does not check vulnerabilities.
 */
export function advisorySourcesFor(
  policy: Policy,
  settings: AdvisorySettings,
  deps: { transport?: Transport; platform?: GatePlatform; noPlatform?: string } = {},
): GateAdvisorySource[] {
  const wanted = policy.vulnerabilities?.sources ?? [];
  return wanted.map((name): GateAdvisorySource => {
    if (name === 'platform')
      return deps.platform !== undefined
        ? platformSource(deps.platform)
        : {
            label: 'platform',
            unavailable:
              deps.noPlatform ??
              'the platform is off (no API token): it cannot be asked for supply-chain findings; set a token or list only osv in vulnerabilities.sources',
          };
    if (settings.osvDatabase !== undefined) return osvOfflineSource(settings.osvDatabase);
    return osvSource({
      ...(settings.osvUrl === undefined ? {} : { url: settings.osvUrl }),
      ...(deps.transport === undefined ? {} : { fetch: deps.transport }),
    });
  });
}

import { resolve } from 'node:path';
import { checkAdvisorySettings, type AdvisorySettings } from '../edge-shared/index.js';
import type { CommandSpec } from './io.js';

/** `--osv-url` and `--osv-db`, as `check` and `audit` both take them. */
export const ADVISORY_OPTIONS: CommandSpec['options'] = [
  {
    flags: '--osv-url <url>',
    description:
      "OSV's API for the policy's vulnerabilities check (default: DEPGATE_OSV_URL, else https://api.osv.dev)",
  },
  {
    flags: '--osv-db <dir>',
    description:
      "read advisories from OSV's per-ecosystem exports in this folder (<dir>/npm/all.zip, ...) instead of the network",
  },
];

/**
 * Where advisories come from, from the flags and the environment: `--osv-url`, else `DEPGATE_OSV_URL`
 * (unless `--osv-db` is given), and `--osv-db` resolved from the working directory. Checked (exit 2).
 */
export function advisorySettingsFrom(
  flags: ReadonlyMap<string, string | true>,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): AdvisorySettings {
  const osvUrlFlag = flags.get('osvUrl');
  const osvDbFlag = flags.get('osvDb');
  const envOsvUrl = env.DEPGATE_OSV_URL?.trim();
  const settings: AdvisorySettings = {
    ...(typeof osvUrlFlag === 'string'
      ? { osvUrl: osvUrlFlag }
      : envOsvUrl !== undefined && envOsvUrl !== '' && typeof osvDbFlag !== 'string'
        ? { osvUrl: envOsvUrl }
        : {}),
    ...(typeof osvDbFlag === 'string' ? { osvDatabase: resolve(cwd, osvDbFlag) } : {}),
    names: {
      osvUrl: typeof osvUrlFlag === 'string' ? '--osv-url' : 'DEPGATE_OSV_URL',
      osvDatabase: '--osv-db',
    },
  };
  checkAdvisorySettings(settings);
  return settings;
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// package.json says which Node versions depgate runs on; every package it installs for users must
// accept the lowest of them, or `npm ci` warns EBADENGINE (content-type 3 wants Node 22: overridden).
const ROOT = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean; engines?: { node?: string } | string[] }>;
};

describe('engines', () => {
  it('every installed runtime dependency accepts the lowest Node version package.json supports', () => {
    const lowest = semver.minVersion(pkg.engines.node)!.version;
    expect(lowest).toBe('20.0.0');
    // The lowest Node 20 release the dependencies may ask for: Actions runners and users have a current 20.
    const node20 = '20.19.0';
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.dev !== true)
      .flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range === undefined || semver.satisfies(node20, range) ? [] : [`${path}: node ${range}`];
      });
    expect(refusing).toEqual([]);
  });
});

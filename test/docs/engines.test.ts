import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// package.json says which Node versions depgate runs on; every package `npm ci` installs must accept
// the lowest of them, or it warns EBADENGINE (content-type 3 wants Node 22: overridden). The published
// package installs none: the CLI is one self-contained bundle (dist/cli), so `dependencies` is empty.
const ROOT = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean; engines?: { node?: string } | string[] }>;
};

describe('engines', () => {
  it('the published package has no runtime dependencies: the bundle carries what it uses', () => {
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(Object.keys(pkg.devDependencies)).toContain('@actions/core');
  });

  it('every package `npm ci` installs accepts the lowest Node version package.json supports', () => {
    const lowest = semver.minVersion(pkg.engines.node)!.version;
    expect(lowest).toBe('20.0.0');
    // The lowest Node 20 release the dependencies may ask for: Actions runners and users have a current 20.
    const node20 = '20.19.0';
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range === undefined || semver.satisfies(node20, range) ? [] : [`${path}: node ${range}`];
      });
    expect(refusing).toEqual([]);
  });
});

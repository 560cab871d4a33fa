import { expect } from 'vitest';
import type { LockfilePackage, LockfileResult } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';

// The fields after `line name@version source`, in this order, then any others by name.
const FIELD_ORDER = ['alias', 'path', 'resolved', 'direct', 'dev', 'optional', 'license'];

/**
 * One package as one line: `line name@version source` and then every other field it has as
 * `field=value` (`direct=false` and a missing `direct` read differently). npm and yarn lockfiles of
 * real projects hold hundreds of packages each; a line per package keeps their golden files short
 * enough to review against the lockfile, line by line.
 */
export function describePackage(pkg: LockfilePackage): string {
  const { ecosystem: _ecosystem, name, version, line, source, ...rest } = pkg;
  const fields = rest as Record<string, unknown>;
  const keys = [
    ...FIELD_ORDER.filter((key) => key in fields),
    ...Object.keys(fields)
      .filter((key) => !FIELD_ORDER.includes(key))
      .sort(),
  ];
  return [`${line} ${name}@${version} ${source}`, ...keys.map((key) => `${key}=${String(fields[key])}`)].join(
    ' ',
  );
}

/**
 * Compares a reader's result with the reviewed golden file of `fixture`, with each package written by
 * `describePackage`. Every package must be of the result's ecosystem, since the lines leave it out.
 */
export function expectNpmGolden(fixture: string, result: LockfileResult): void {
  for (const pkg of result.packages) expect(pkg.ecosystem).toBe(result.ecosystem);
  expectGolden(fixture, {
    ecosystem: result.ecosystem,
    format: result.format,
    warnings: result.warnings,
    packages: result.packages.map(describePackage),
  });
}

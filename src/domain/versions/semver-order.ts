import semver from 'semver';
import { makeOrder } from './make-order.js';

/**
 * SemVer 2 ordering, by the `semver` package in its loose mode (npm; also cargo, hex and SwiftPM, whose
 * versions are SemVer). Pre-releases order below their release (`1.0.0-alpha < 1.0.0`), never dropped;
 * build metadata does not count (`1.0.0+a` = `1.0.0`). Loose mode also reads what npm itself accepts
 * in a lockfile or a range: a leading `v` or `=`, leading zeros, a pre-release without its hyphen
 * (`1.2.3beta`). Numbers past 2^53 are refused, as npm refuses them; cargo would take them up to 2^64.
 */
export const compareSemver = makeOrder(
  (version) => semver.parse(version, { loose: true }) ?? undefined,
  (a, b) => a.compare(b),
);

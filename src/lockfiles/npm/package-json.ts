import type { LockfileWarning } from '../types.js';

/** The dependency lists of a package.json that name what the project itself depends on. */
export const MANIFEST_LISTS = [
  'dependencies',
  'optionalDependencies',
  'peerDependencies',
  'devDependencies',
] as const;

/**
 * The package.json beside a lockfile as an object, or undefined with a warning when it is not a JSON
 * object (then which packages are direct is not known from it).
 */
export function parsePackageJson(
  manifest: string,
  warnings: LockfileWarning[],
): Record<string, unknown> | undefined {
  let json: unknown;
  try {
    json = JSON.parse(manifest.replace(/^\uFEFF/, ''));
  } catch (error) {
    warnings.push({
      message: `package.json beside it is not JSON (${error instanceof Error ? error.message : String(error)}): which packages are direct is not known`,
    });
    return undefined;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    warnings.push({
      message: 'package.json beside it is not an object: which packages are direct is not known',
    });
    return undefined;
  }
  return json as Record<string, unknown>;
}

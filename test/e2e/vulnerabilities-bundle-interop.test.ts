import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

// ncc bundles a default import of a CommonJS module through webpack's interop helper, which gives
// `module.default` when the module marks itself `__esModule`. A module that marks itself so and has
// no `default` (ae-cvss-calculator) arrives as undefined in the bundle, while Node (and so vitest
// running the source) gives the whole module: the source passes its tests and the bundle breaks.
// This is how the bundle never computed a CVSS score (issue #34).

const require = createRequire(join(ROOT, 'package.json'));

/** Whether a default import of this package is undefined in an ncc bundle. */
function undefinedInBundle(pkg: string): boolean {
  let value: unknown;
  try {
    value = require(pkg);
  } catch {
    // An ES module (or one that cannot load here): its default export is what the source gets too.
    return false;
  }
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { __esModule?: unknown }).__esModule === true &&
    (value as { default?: unknown }).default === undefined
  );
}

/** Every `import name from 'package'` in src/, with where it is. */
function defaultImports(): { pkg: string; at: string }[] {
  const found: { pkg: string; at: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts'))
        readFileSync(path, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            const m =
              /^import\s+(?!type\b)[A-Za-z_$][\w$]*\s*(?:,\s*\{[^}]*\})?\s+from\s+'([^'.][^']*)'/.exec(line);
            if (m !== null && !m[1]!.startsWith('node:'))
              found.push({ pkg: m[1]!, at: `${relative(ROOT, path)}:${i + 1}` });
          });
    }
  };
  walk(join(ROOT, 'src'));
  return found;
}

describe('default imports of third-party modules, as the bundle reads them', () => {
  it('tells the module that broke the CVSS scores from those that work', () => {
    expect(undefinedInBundle('ae-cvss-calculator')).toBe(true);
    expect(undefinedInBundle('semver')).toBe(false);
    expect(undefinedInBundle('picomatch')).toBe(false);
  });

  it('finds none in src/ that the bundle would read as undefined', () => {
    const imports = defaultImports();
    expect(imports.map((i) => i.pkg)).toContain('semver');
    expect(imports.filter((i) => undefinedInBundle(i.pkg))).toEqual([]);
  });
});

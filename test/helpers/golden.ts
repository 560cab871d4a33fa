import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { ROOT, fixtureKey } from './paths.js';

const GOLDEN = join(ROOT, 'test/fixtures/lockfiles/golden');

/**
 * Compares a reader's result for a fixture with its reviewed expected output in
 * test/fixtures/lockfiles/golden/<key>.json. `UPDATE_GOLDEN=1` writes the file instead: review every
 * written file by hand before committing it, since a golden file is only as true as its review.
 */
export function expectGolden(fixture: string, actual: unknown): void {
  const file = join(GOLDEN, `${fixtureKey(fixture)}.json`);
  const text = `${JSON.stringify(actual, null, 2)}\n`;
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    return;
  }
  if (!existsSync(file))
    throw new Error(`no golden file for ${fixtureKey(fixture)}: run with UPDATE_GOLDEN=1 and review it`);
  expect(JSON.parse(text)).toEqual(JSON.parse(readFileSync(file, 'utf8')));
}

import { describe, expect, it } from 'vitest';
import { NPM_POPULAR_SOURCE, typosquatOf } from '../../src/registries/index.js';

describe('typosquats of popular npm names', () => {
  it('ships its list with its source and date', () => {
    expect(NPM_POPULAR_SOURCE.count).toBe(5000);
    expect(NPM_POPULAR_SOURCE.source).toContain('npm-high-impact');
    expect(NPM_POPULAR_SOURCE.published).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each([
    ['lodahs', 'lodash', 'swap'],
    ['loadsh', 'lodash', 'swap'],
    ['expresss', 'express', 'edit'],
    ['reqest', 'request', 'edit'],
    ['chalc', 'chalk', 'edit'],
    ['@types-node', '@types/node', 'separator'],
    ['lodash_', 'lodash', 'separator'],
    ['react.dom', 'react-dom', 'separator'],
  ] as const)('flags %s as imitating %s (%s)', (name, popular, trick) => {
    expect(typosquatOf(name)).toEqual({ popular, trick });
  });

  it.each(['lodash', 'react-dom', 'express', 'chalk', 'my-own-internal-thing', 'mz', 'qx'])(
    'leaves %s alone (popular itself, far from any, or too short to judge)',
    (name) => {
      expect(typosquatOf(name)).toBeUndefined();
    },
  );
});

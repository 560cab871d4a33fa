import { describe, expect, it } from 'vitest';
import { PackumentError, readPackument } from '../../src/registries/index.js';

describe('reading an npm packument', () => {
  it('reads publish times, install scripts, deprecation and provenance', () => {
    const facts = readPackument(
      {
        name: 'x',
        time: { '1.0.0': '2024-01-01T00:00:00.000Z', '1.0.1': '2025-09-08T13:00:00.000Z' },
        versions: {
          '1.0.0': {
            scripts: { test: 'vitest', postinstall: 'node x.js' },
            dist: {
              attestations: {
                url: 'https://r/-/npm/v1/attestations/x@1.0.0',
                provenance: { predicateType: 'https://slsa.dev/provenance/v1' },
              },
            },
          },
          '1.0.1': { deprecated: 'use y', dist: {} },
        },
      },
      'x',
    );
    expect(facts.get('1.0.0')).toEqual({
      published: '2024-01-01T00:00:00.000Z',
      installScripts: ['postinstall'],
      provenance: true,
    });
    expect(facts.get('1.0.1')).toEqual({
      published: '2025-09-08T13:00:00.000Z',
      deprecated: 'use y',
      provenance: false,
    });
  });

  it.each([
    ['<html>', 'the answer is not a package document'],
    [{ name: 'y', versions: {} }, 'asked for x but the document is "y"'],
    [{ name: 'x' }, 'the document has no versions object'],
    [{ name: 'x', versions: {}, time: 'now' }, 'time is not an object'],
    [{ name: 'x', versions: { '1.0.0': 3 } }, 'versions["1.0.0"] is not an object'],
  ])('refuses a document of another shape', (value, message) => {
    expect(() => readPackument(value, 'x')).toThrow(PackumentError);
    expect(() => readPackument(value, 'x')).toThrow(message);
  });
});

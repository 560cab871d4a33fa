import { describe, expect, it } from 'vitest';
import { isApiError, type ApiError } from '../../src/core/errors.js';
import {
  clampPageSize,
  nextMixedCursor,
  nextOffsetPage,
  nextQueryCursor,
  paginateItems,
  paginatePages,
  type PaginateOptions,
} from '../../src/core/paginate.js';
import type { Page } from '../../src/core/types.js';
import { ShapeError } from '../../src/core/validate.js';

const range = (n: number) => Array.from({ length: n }, (_, i) => `item-${i}`);

/**
 * In-memory listings, one per style, each answering through the same pure end-of-page rule the
 * client uses on real bodies. `calls` counts the pages fetched.
 */
function mixedSource(items: string[], size: number, numericCursor = false) {
  const source = {
    calls: 0,
    fetchPage: async (cursor: string | number | undefined): Promise<Page<string>> => {
      source.calls++;
      const start = cursor === undefined ? 0 : Number(String(cursor).replace('c', ''));
      const end = start + size;
      const body = {
        dependencies: items.slice(start, end),
        ...(end < items.length ? { hasMore: true, cursor: numericCursor ? end : `c${end}` } : {}),
      };
      return { items: body.dependencies, next: nextMixedCursor(body) };
    },
  };
  return source;
}

function cursorSource(items: string[], size: number) {
  const source = {
    calls: 0,
    fetchPage: async (cursor: string | number | undefined): Promise<Page<string>> => {
      source.calls++;
      const start = cursor === undefined ? 0 : Number(cursor);
      const end = start + size;
      // The end is an empty cursor here, as the real secrets listing answers.
      const body = { findings: items.slice(start, end), cursor: end < items.length ? String(end) : '' };
      return { items: body.findings, next: nextQueryCursor(body) };
    },
  };
  return source;
}

function offsetSource(items: string[], size: number) {
  const source = {
    calls: 0,
    fetchPage: async (page: string | number | undefined): Promise<Page<string>> => {
      source.calls++;
      const p = (page as number | undefined) ?? 0;
      const slice = items.slice(p * size, (p + 1) * size);
      return { items: slice, next: nextOffsetPage(p, size, slice.length) };
    },
  };
  return source;
}

const options = (
  fetchPage: PaginateOptions<string>['fetchPage'],
  pageCap = 1000,
): PaginateOptions<string> => ({
  fetchPage,
  pageCap,
  method: 'POST',
  path: '/api/v1/deployments/1/dependencies',
});

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the walk to fail');
}

const SOURCES = {
  'mixed (body cursor + hasMore)': (items: string[], size: number) => mixedSource(items, size),
  'mixed with a numeric cursor': (items: string[], size: number) => mixedSource(items, size, true),
  'cursor (query cursor, empty at the end)': cursorSource,
  'offset (page numbers, short page at the end)': offsetSource,
};

describe('walking a listing', () => {
  const cases = Object.entries(SOURCES).flatMap(([style, make]) =>
    [
      [0, 5],
      [1, 5],
      [5, 5],
      [6, 5],
      [23, 5],
      [23, 1],
      [10, 100],
    ].map(([count, size]) => [style, count!, size!, make] as const),
  );

  it.each(cases)(
    '%s yields every one of %i items exactly once at page size %i',
    async (_style, count, size, make) => {
      const items = range(count);
      const source = make(items, size);
      expect(await collect(paginateItems(options(source.fetchPage)))).toEqual(items);
      // Offset style cannot tell a full last page from a middle one: it needs one more, empty, page.
      const fullLastPage = _style.startsWith('offset') && count % size === 0 ? 1 : 0;
      expect(source.calls).toBe(Math.max(1, Math.ceil(count / size)) + (count === 0 ? 0 : fullLastPage));
    },
  );

  it.each(Object.entries(SOURCES))('%s gives the same items page by page', async (_style, make) => {
    const pages = await collect(paginatePages(options(make(range(12), 5).fetchPage)));
    expect(pages.map((p) => p.items.length)).toEqual([5, 5, 2]);
    expect(pages.flatMap((p) => p.items)).toEqual(range(12));
  });

  it('stops fetching when the consumer stops early', async () => {
    const source = mixedSource(range(100), 10);
    const seen: string[] = [];
    for await (const item of paginateItems(options(source.fetchPage))) {
      seen.push(item);
      if (seen.length === 15) break;
    }
    expect([seen.length, source.calls]).toEqual([15, 2]);
  });

  it('walks afresh each time it is asked', async () => {
    const source = cursorSource(range(7), 3);
    const opts = options(source.fetchPage);
    expect(await collect(paginateItems(opts))).toEqual(await collect(paginateItems(opts)));
  });
});

describe('guarding against a server that misbehaves', () => {
  it.each<[string, (string | number)[]]>([
    ['the same cursor twice in a row', ['a', 'a']],
    ['a cycle of cursors', ['a', 'b', 'c', 'a']],
    ['a numeric cursor repeated', [5, 5]],
  ])('stops with a pagination error on %s', async (_title, cursors) => {
    let call = 0;
    const fetchPage = async (): Promise<Page<string>> => ({ items: [`x${call}`], next: cursors[call++] });
    const error = await failure(collect(paginateItems(options(fetchPage))));
    expect([error.kind, error.method, error.path]).toEqual([
      'pagination',
      'POST',
      '/api/v1/deployments/1/dependencies',
    ]);
    expect(error.message).toMatch(/repeated cursor/);
    expect(call).toBe(cursors.length);
  });

  it('tells a number cursor from the same digits as a string', async () => {
    const cursors: (string | number | undefined)[] = [5, '5', undefined];
    let call = 0;
    const fetchPage = async (): Promise<Page<string>> => ({ items: ['x'], next: cursors[call++] });
    expect(await collect(paginateItems(options(fetchPage)))).toHaveLength(3);
  });

  it.each(Object.entries(SOURCES))(
    'stops a %s listing that never ends at the page cap',
    async (_style, make) => {
      // A listing longer than the cap behaves, for the walker, exactly like an endless one.
      const source = make(range(10_000), 2);
      const error = await failure(collect(paginateItems(options(source.fetchPage, 25))));
      expect(error.kind).toBe('pagination');
      expect(error.message).toMatch(/did not end within 25 pages/);
      expect(error.hint).toMatch(/page cap/);
      expect(source.calls).toBe(25);
    },
  );

  it('allows a listing of exactly the page cap', async () => {
    const source = mixedSource(range(50), 2);
    expect(await collect(paginateItems(options(source.fetchPage, 25)))).toHaveLength(50);
  });

  it('passes on the error of a page fetch and fetches nothing after it', async () => {
    let calls = 0;
    const fetchPage = async (): Promise<Page<string>> => {
      calls++;
      if (calls === 2) throw new Error('boom');
      return { items: ['a'], next: `c${calls}` };
    };
    await expect(collect(paginateItems(options(fetchPage)))).rejects.toThrow('boom');
    expect(calls).toBe(2);
  });
});

describe('end-of-page rules', () => {
  it.each<[object, string | number | undefined]>([
    [{}, undefined],
    [{ hasMore: false, cursor: 'c2' }, undefined],
    [{ hasMore: true, cursor: 'c2' }, 'c2'],
    [{ hasMore: true, cursor: 15 }, 15],
    [{ hasMore: true, cursor: 0 }, 0],
  ])('mixed: %j continues with %j', (body, next) => {
    expect(nextMixedCursor(body as Record<string, unknown>)).toBe(next);
  });

  it.each<[object, string]>([
    [{ hasMore: true }, 'cursor'],
    [{ hasMore: true, cursor: '' }, 'cursor'],
    [{ hasMore: true, cursor: { at: 1 } }, 'cursor'],
    [{ hasMore: 'true', cursor: 'c' }, 'hasMore'],
  ])('mixed: %j is a bad response naming %s', (body, field) => {
    expect(() => nextMixedCursor(body as Record<string, unknown>)).toThrow(ShapeError);
    try {
      nextMixedCursor(body as Record<string, unknown>);
    } catch (error) {
      expect((error as ShapeError).field).toBe(field);
    }
  });

  it.each<[object, string | undefined]>([
    [{}, undefined],
    [{ cursor: '' }, undefined],
    [{ cursor: null }, undefined],
    [{ cursor: 'abc' }, 'abc'],
  ])('cursor: %j continues with %j', (body, next) => {
    expect(nextQueryCursor(body as Record<string, unknown>)).toBe(next);
  });

  it('cursor: a non-string cursor is a bad response', () => {
    expect(() => nextQueryCursor({ cursor: 12 })).toThrow(/field 'cursor' should be a string/);
  });

  it.each([
    [0, 100, 100, 1],
    [3, 100, 100, 4],
    [3, 100, 99, undefined],
    [0, 100, 0, undefined],
    [0, 10, 11, 1],
  ])('offset: page %i of size %i with %i items continues with %j', (page, size, received, next) => {
    expect(nextOffsetPage(page, size, received)).toBe(next);
  });

  it.each([
    [undefined, 100],
    [Number.NaN, 100],
    [Number.POSITIVE_INFINITY, 100],
    [0, 1],
    [-5, 1],
    [0.5, 1],
    [37.9, 37],
    [100, 100],
    [101, 100],
  ])('clamps a requested page size of %s to %i within 1..100', (requested, size) => {
    expect(clampPageSize(requested, { min: 1, max: 100 })).toBe(size);
  });
});

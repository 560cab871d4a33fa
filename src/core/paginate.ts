import { ApiError } from './errors.js';
import type { Page } from './types.js';
import { optionalBoolean, ShapeError, type Obj } from './validate.js';

export interface PaginateOptions<T> {
  /** Fetches the page that starts at `cursor` (undefined for the first page). */
  fetchPage: (cursor: string | number | undefined) => Promise<Page<T>>;
  /** Stop with a `pagination` error after this many pages. */
  pageCap: number;
  /** For error messages. */
  method: string;
  path: string;
}

/**
 * Walks a listing page by page. Guards against a server that never ends: a cursor seen before, or
 * more pages than `pageCap`, stops the walk with a typed error instead of looping forever.
 */
export async function* paginatePages<T>(
  options: PaginateOptions<T>,
): AsyncGenerator<Page<T>, void, undefined> {
  const seen = new Set<string>();
  let cursor: string | number | undefined;
  for (let pages = 1; ; pages++) {
    const page = await options.fetchPage(cursor);
    yield page;
    if (page.next === undefined) return;
    const key = `${typeof page.next}:${String(page.next)}`;
    if (seen.has(key)) {
      throw new ApiError(`the server repeated cursor ${JSON.stringify(page.next)} after ${pages} pages`, {
        kind: 'pagination',
        method: options.method,
        path: options.path,
      });
    }
    if (pages >= options.pageCap) {
      throw new ApiError(`the listing did not end within ${options.pageCap} pages`, {
        kind: 'pagination',
        method: options.method,
        path: options.path,
      });
    }
    seen.add(key);
    cursor = page.next;
  }
}

/**
 * Walks a listing item by item. Hand-written rather than a generator delegating to another: a listing
 * can hold millions of items, and each generator hop costs a promise per item.
 */
export function paginateItems<T>(options: PaginateOptions<T>): AsyncIterableIterator<T> {
  const pages = paginatePages(options);
  let buffer: T[] = [];
  let index = 0;
  let finished = false;
  const iterator: AsyncIterableIterator<T> = {
    async next(): Promise<IteratorResult<T>> {
      while (index >= buffer.length) {
        if (finished) return { done: true, value: undefined };
        const page = await pages.next();
        if (page.done === true) {
          finished = true;
          return { done: true, value: undefined };
        }
        buffer = page.value.items;
        index = 0;
      }
      return { done: false, value: buffer[index++]! };
    },
    async return(): Promise<IteratorResult<T>> {
      finished = true;
      buffer = [];
      await pages.return(undefined);
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

/** Clamps a requested page size to a listing's bounds; absent means the largest (fewest round trips). */
export function clampPageSize(requested: number | undefined, bounds: { min: number; max: number }): number {
  if (requested === undefined || !Number.isFinite(requested)) return bounds.max;
  return Math.min(bounds.max, Math.max(bounds.min, Math.floor(requested)));
}

/**
 * Mixed style (dependencies, lockfiles, repositories): `hasMore` says whether to go on (absent means
 * false, as protobuf JSON omits it), the body's cursor says where. The cursor is returned exactly as
 * received, a number or a string.
 */
export function nextMixedCursor(body: Obj): string | number | undefined {
  if (!optionalBoolean(body, 'hasMore', '')) return undefined;
  const cursor = body.cursor;
  if (
    (typeof cursor === 'string' && cursor !== '') ||
    (typeof cursor === 'number' && Number.isFinite(cursor))
  )
    return cursor;
  throw new ShapeError('cursor', 'a cursor (the response says hasMore)', cursor);
}

/** Cursor style (notifications, secrets): an empty or absent cursor ends the listing. */
export function nextQueryCursor(body: Obj): string | undefined {
  const cursor = body.cursor;
  if (cursor === undefined || cursor === null || cursor === '') return undefined;
  if (typeof cursor !== 'string') throw new ShapeError('cursor', 'a string', cursor);
  return cursor;
}

/** Offset style (projects, findings): pages count from 0, and a page shorter than asked for is the last. */
export function nextOffsetPage(page: number, pageSize: number, received: number): number | undefined {
  return received < pageSize ? undefined : page + 1;
}

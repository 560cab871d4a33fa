import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, isRetryableStatus, parseRetryAfter, retryDelay } from '../../src/core/retry.js';

describe('retry timing', () => {
  it.each([
    ['delta seconds', '120', 0, 120_000],
    ['fractional seconds', '1.5', 0, 1500],
    ['an HTTP date in the future', 'Thu, 01 Jan 1970 00:00:10 GMT', 4_000, 6_000],
    ['an HTTP date in the past', 'Thu, 01 Jan 1970 00:00:01 GMT', 4_000, 0],
    ['an HTTP date with surrounding spaces', '  Thu, 01 Jan 1970 00:00:03 GMT ', 0, 3_000],
    ['garbage', 'soon', 0, undefined],
    ['a negative number (not a year)', '-5', 0, undefined],
    ['exponent notation', '1e3', 0, undefined],
    ['a bare year', '2030', 0, 2_030_000],
    ['empty', '', 0, undefined],
    ['absent', null, 0, undefined],
  ])('reads Retry-After given as %s', (_t, header, now, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });

  it('backs off exponentially with full jitter below a ceiling', () => {
    const top = (attempt: number) => retryDelay(attempt, DEFAULT_RETRY, () => 0.999999);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(top)).toEqual([499, 999, 1999, 3999, 7999, 15_999, 29_999, 29_999]);
    expect(retryDelay(3, DEFAULT_RETRY, () => 0)).toBe(0);
  });

  it('keeps every jittered delay within [0, min(cap, base * 2^(attempt-1)))', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, draw) => {
          const delay = retryDelay(attempt, DEFAULT_RETRY, () => draw);
          const ceiling = Math.min(30_000, 500 * 2 ** (attempt - 1));
          expect(Number.isInteger(delay)).toBe(true);
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThan(ceiling);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('honours a custom policy', () => {
    const policy = { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 250 };
    expect([1, 2, 3, 4].map((a) => retryDelay(a, policy, () => 0.999999))).toEqual([99, 199, 249, 249]);
    expect(retryDelay(1, policy, () => 0, 10_000)).toBe(250);
  });

  it('honours Retry-After over backoff, capped', () => {
    expect(retryDelay(1, DEFAULT_RETRY, () => 0.5, 4000)).toBe(4000);
    expect(retryDelay(1, DEFAULT_RETRY, () => 0.5, 3_600_000)).toBe(30_000);
  });

  it('retries 429 and 5xx gateway trouble only', () => {
    const statuses = [400, 401, 403, 404, 409, 413, 422, 429, 500, 501, 502, 503, 504];
    expect(statuses.filter(isRetryableStatus)).toEqual([429, 500, 502, 503, 504]);
  });
});

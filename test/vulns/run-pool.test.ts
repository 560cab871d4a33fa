import { describe, expect, it } from 'vitest';
import { runPool } from '../../src/vulns/run-pool.js';

describe('runPool', () => {
  it('keeps at most the limit in flight and runs every item', async () => {
    let inFlight = 0;
    let most = 0;
    const done: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      done.push(n);
      inFlight--;
    });
    expect(most).toBe(3);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('starts nothing after the first failure, and rejects with it', async () => {
    const started: number[] = [];
    const run = runPool([1, 2, 3, 4, 5, 6], 2, async (n) => {
      started.push(n);
      await new Promise((resolve) => setImmediate(resolve));
      if (n === 1) throw new Error('first failed');
    });
    await expect(run).rejects.toThrow('first failed');
    expect(started).toEqual([1, 2]);
  });
});

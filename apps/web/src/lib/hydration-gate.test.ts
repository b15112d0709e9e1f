import { afterEach, describe, expect, it, vi } from 'vitest';
import { answersReleased, holdAnswers, releaseAnswers } from './hydration-gate';

/** 'released' if `promise` has resolved by the time the microtasks queued before this call have run. */
const state = (promise: Promise<void>) =>
  Promise.race([promise.then(() => 'released'), Promise.resolve().then(() => 'held')]);

describe('hydration gate', () => {
  afterEach(() => {
    releaseAnswers();
    vi.useRealTimers();
  });

  it('lets answers through when nothing holds them', async () => {
    expect(await state(answersReleased())).toBe('released');
  });

  it('holds answers until released, then hands them over one per task, and later ones at once', async () => {
    vi.useFakeTimers();
    holdAnswers();
    const order: number[] = [];
    const waiting = [1, 2, 3].map((n) => answersReleased().then(() => order.push(n)));
    await vi.advanceTimersByTimeAsync(1000);
    expect(order).toEqual([]);

    releaseAnswers();
    await Promise.resolve();
    expect(order).toEqual([1]);
    await vi.advanceTimersToNextTimerAsync();
    expect(order).toEqual([1, 2]);
    await vi.advanceTimersToNextTimerAsync();
    expect(order).toEqual([1, 2, 3]);
    await Promise.all(waiting);
    expect(await state(answersReleased())).toBe('released');
  });
});

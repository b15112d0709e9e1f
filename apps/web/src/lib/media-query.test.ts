import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryStore } from './media-query';

describe('mediaQueryStore', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the browser once for the list and reads its live `matches` after that', () => {
    const list = { matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() };
    const matchMedia = vi.fn(() => list);
    vi.stubGlobal('matchMedia', matchMedia);
    const store = mediaQueryStore('(max-width: 767.98px)');
    expect(store.read()).toBe(false);
    list.matches = true;
    expect(store.read()).toBe(true);
    const onChange = () => undefined;
    store.subscribe(onChange)();
    expect(matchMedia).toHaveBeenCalledTimes(1);
    expect(matchMedia).toHaveBeenCalledWith('(max-width: 767.98px)');
    expect(list.addEventListener).toHaveBeenCalledWith('change', onChange);
    expect(list.removeEventListener).toHaveBeenCalledWith('change', onChange);
  });

  it('makes a new list for another matchMedia, and reads false without one', () => {
    const store = mediaQueryStore('(prefers-reduced-motion: reduce)');
    vi.stubGlobal('matchMedia', () => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
    expect(store.read()).toBe(true);
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    expect(store.read()).toBe(false);
    vi.stubGlobal('matchMedia', undefined);
    expect(store.read()).toBe(false);
  });
});

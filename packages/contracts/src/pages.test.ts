import { describe, expect, it } from 'vitest';
import { isPagePath, pagePatternList } from './pages.js';

describe('page patterns', () => {
  it('matches the pages as the web router does: params, case, trailing slashes, either language', () => {
    for (const path of [
      '/',
      '/ar',
      '/ar/',
      '/music/',
      '/MUSIC',
      '/album/detail/7',
      '/ar/album/detail/%D8%B9',
      '/verify',
      '/verify/TRB-1',
      '/checkout/local/cs_1',
      '/Aboutus',
      '/music?q=oud',
    ]) {
      expect(isPagePath(path), path).toBe(true);
    }
    for (const path of ['/nope', '/music/x', '/album/detail', '/album/detail/1/2', '/ar/ar', '/arabic', '/api']) {
      expect(isPagePath(path), path).toBe(false);
    }
  });

  it('names each pattern once', () => {
    expect(new Set(pagePatternList.map((p) => p.toLowerCase())).size).toBe(pagePatternList.length);
  });
});

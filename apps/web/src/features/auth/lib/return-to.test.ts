import { describe, expect, it } from 'vitest';
import { readReturnTo } from './return-to';

describe('readReturnTo', () => {
  it('returns the page the guard came from', () => {
    expect(readReturnTo({ from: { pathname: '/profile', search: '?tab=1', hash: '' } })).toBe('/profile?tab=1');
  });

  it('falls back to home for missing, foreign or auth locations', () => {
    expect(readReturnTo(null)).toBe('/');
    expect(readReturnTo({ from: { pathname: '//evil.example' } })).toBe('/');
    expect(readReturnTo({ from: { pathname: '/auth/login' } })).toBe('/');
    expect(readReturnTo({ from: { pathname: 'https://evil.example' } })).toBe('/');
  });
});

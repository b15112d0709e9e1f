import { describe, expect, it } from 'vitest';
import { loginHref, loginNextOf, loginReasonOf, safeNextPath } from './login-next';

describe('safeNextPath', () => {
  it.each([
    ['/music', '/music'],
    ['/music?license=5', '/music?license=5'],
    ['/album/detail/3#tracks', '/album/detail/3#tracks'],
    ['/track/7?a=1&b=2', '/track/7?a=1&b=2'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeNextPath(value)).toBe(expected);
  });

  it.each([
    '//evil.com',
    '///evil.com',
    'https://evil.com',
    'http:/evil.com',
    '/\\evil.com',
    '\\/evil.com',
    'javascript:alert(1)',
    'music',
    '',
    '/auth/login',
    '/auth',
    '/\tevil',
    null,
    undefined,
  ])('refuses %s', (value) => {
    expect(safeNextPath(value as string | null | undefined)).toBeNull();
  });

  it('refuses an encoded newline once decoded by URLSearchParams', () => {
    expect(loginNextOf('?next=%2F%0Aevil')).toBeNull();
  });
});

describe('loginHref', () => {
  it('builds the login address with next and reason, which read back', () => {
    const href = loginHref('/music?license=5', 'license');
    expect(href).toBe('/auth/login?next=%2Fmusic%3Flicense%3D5&reason=license');
    const search = href.slice(href.indexOf('?'));
    expect(loginNextOf(search)).toBe('/music?license=5');
    expect(loginReasonOf(search)).toBe('license');
    expect(loginReasonOf('?reason=hack')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { licenseText } from './license-text.js';
import { requestOrigin } from '../licenses/license-verification.js';

const input = {
  licenseKey: 'TRB-AB12-CD34',
  licenseeName: 'Amira Haddad',
  trackId: 7,
  title: 'Oud at Dusk',
  artist: 'Layla Mansour',
  source: 'purchase' as const,
  issuedAt: new Date('2026-11-27T10:00:00Z'),
};

describe('license.txt', () => {
  it('links to the verify page and the terms absolutely, from the store origin (PUBLIC_URL)', () => {
    const text = licenseText({ ...input, publicBase: 'https://tarab.example/' });
    expect(text.startsWith('License Key: TRB-AB12-CD34\r\n')).toBe(true);
    expect(text).toContain('Verify: https://tarab.example/verify/TRB-AB12-CD34\r\n');
    expect(text).toContain('the full Terms of Use at https://tarab.example/terms-of-use govern');
    expect(text).not.toMatch(/(^|\s)\/[a-z]/m);
  });
});

describe('requestOrigin', () => {
  it('answers the origin a request reached, and localhost for a Host that is not a host', () => {
    expect(requestOrigin({ protocol: 'https', host: 'shop.tarab.example' })).toBe('https://shop.tarab.example');
    expect(requestOrigin({ protocol: 'http', host: 'shop.tarab.example:8080' })).toBe('http://shop.tarab.example:8080');
    expect(requestOrigin({ protocol: 'https', host: 'shop.tarab.example:443' })).toBe('https://shop.tarab.example');
    expect(requestOrigin({ protocol: 'javascript', host: 'x.example' })).toBe('http://x.example');
    for (const host of ['a b', 'x.example/evil', 'user@x.example', '', 'x.example?q', 'x.example#f']) {
      expect(requestOrigin({ protocol: 'https', host }), host).toBe('http://localhost');
    }
  });
});

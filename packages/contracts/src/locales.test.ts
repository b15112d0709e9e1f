import { describe, expect, it } from 'vitest';
import { localeOfPath, localizePath, stripLocale } from './locales';

describe('locales in the URL', () => {
  it('reads Arabic from the /ar prefix only', () => {
    expect(localeOfPath('/ar')).toBe('ar');
    expect(localeOfPath('/ar/')).toBe('ar');
    expect(localeOfPath('/ar/music')).toBe('ar');
    expect(localeOfPath('/')).toBe('en');
    expect(localeOfPath('/music')).toBe('en');
    // A path that merely starts with the letters is not Arabic.
    expect(localeOfPath('/artists')).toBe('en');
    expect(localeOfPath('/arabic')).toBe('en');
  });

  it('strips the prefix back to the spec path', () => {
    expect(stripLocale('/ar')).toBe('/');
    expect(stripLocale('/ar/')).toBe('/');
    expect(stripLocale('/ar/album/detail/3')).toBe('/album/detail/3');
    expect(stripLocale('/artists')).toBe('/artists');
  });

  it('maps a page to the other language, keeping its query and hash', () => {
    expect(localizePath('/', 'ar')).toBe('/ar/');
    expect(localizePath('/music', 'ar')).toBe('/ar/music');
    expect(localizePath('/music?q=oud#top', 'ar')).toBe('/ar/music?q=oud#top');
    expect(localizePath('/ar/music?q=oud', 'en')).toBe('/music?q=oud');
    expect(localizePath('/ar/', 'en')).toBe('/');
    expect(localizePath('/ar', 'en')).toBe('/');
    expect(localizePath('/ar/music', 'ar')).toBe('/ar/music');
    expect(localizePath('/Aboutus', 'en')).toBe('/Aboutus');
  });
});

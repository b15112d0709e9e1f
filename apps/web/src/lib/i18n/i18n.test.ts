import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { dateFormat, formatPrice } from '@/lib/format';
import { setActiveIntl } from './active-locale';
import { ltr } from './bidi';
import { catalogName, localTitle, noteName } from './catalog-names';
import { dirOf, localeOfPath, localizePath } from './locales';

const use = (locale: 'en' | 'ar') => setActiveIntl(createIntl({ locale, defaultLocale: 'en', messages: {} }));

describe('the page locale', () => {
  afterEach(() => use('en'));

  it('comes from the URL, with its direction', () => {
    expect(localeOfPath('/ar/music')).toBe('ar');
    expect(dirOf(localeOfPath('/ar/'))).toBe('rtl');
    expect(dirOf(localeOfPath('/artists'))).toBe('ltr');
    expect(localizePath('/album/detail/3?x=1', 'ar')).toBe('/ar/album/detail/3?x=1');
  });

  it('formats prices and dates with Intl in each language, Latin digits in Arabic', () => {
    expect(formatPrice(499)).toBe('$4.99');
    const day = new Date(Date.UTC(2026, 10, 25));
    expect(dateFormat({ day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }, 'en-GB').format(day)).toBe(
      '25 November 2026',
    );
    use('ar');
    expect(formatPrice(499)).toMatch(/^\u20664\.99\s?US\$\u2069$/);
    expect(dateFormat({ day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }, 'en-GB').format(day)).toBe(
      '25 نوفمبر 2026',
    );
  });

  it('names catalog facets and shows Arabic titles on Arabic pages only', () => {
    expect(catalogName('Hijaz', 'ar')).toBe('حجاز');
    expect(catalogName('Hijaz', 'en')).toBe('Hijaz');
    expect(catalogName('Something new', 'ar')).toBe('Something new');
    expect(noteName('D', 'ar')).toBe('ري');
    expect(localTitle({ title: 'Harbour Lights', title_ar: 'أضواء الميناء' }, 'ar')).toBe('أضواء الميناء');
    expect(localTitle({ title: 'Harbour Lights', title_ar: 'أضواء الميناء' }, 'en')).toBe('Harbour Lights');
    expect(localTitle({ title: 'Harbour Lights', title_ar: null }, 'ar')).toBe('Harbour Lights');
    // A number with its unit keeps its order beside Arabic words (isolated left to right, decision 061).
    expect(localTitle({ title: 'Darbuka Wahda 71 BPM', title_ar: 'دربكة وحدة 71 BPM' }, 'ar')).toBe(
      'دربكة وحدة \u206671 BPM\u2069',
    );
    expect(localTitle({ title: 'Darbuka Wahda 71 BPM', title_ar: 'دربكة وحدة 71 BPM' }, 'en')).toBe(
      'Darbuka Wahda 71 BPM',
    );
  });

  it('keeps durations and BPM left to right inside Arabic text only', () => {
    expect(ltr('en', '3:05')).toBe('3:05');
    expect(ltr('ar', '120 BPM')).toBe('\u2066120 BPM\u2069');
    expect(ltr('ar', '')).toBeNull();
  });
});

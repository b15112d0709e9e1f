import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ar from '@/lang/ar.json';
import { bpmText, durationText, factLine, unitText } from './unit-text';
import { artistBioIn, artistNameIn } from '@/lib/i18n/artist-name';

const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

describe('numbers with units in Arabic (issue 32 item 8)', () => {
  it('isolates "201 BPM" left to right on Arabic pages, and leaves English as it is', () => {
    expect(bpmText('ar', 201)).toBe(`${LRI}201 BPM${PDI}`);
    expect(bpmText('en', 201)).toBe('201 BPM');
    expect(unitText('ar', 44.1, 'kHz')).toBe(`${LRI}44.1 kHz${PDI}`);
    expect(durationText('ar', '3:05')).toBe(`${LRI}3:05${PDI}`);
  });

  it('renders an Arabic row fact line whose number, unit and Latin name cannot move across the separators', () => {
    const line = factLine('ar', ['صبا على ري', 'Maqsum', bpmText('ar', 201), durationText('ar', '3:05'), null]);
    expect(line).toBe(`${FSI}صبا على ري${PDI} · ${FSI}Maqsum${PDI} · ${LRI}201 BPM${PDI} · ${LRI}3:05${PDI}`);
    render(
      <p dir="rtl" lang="ar" data-testid="facts">
        {line}
      </p>,
    );
    const text = screen.getByTestId('facts').textContent ?? '';
    // Every isolate is closed, and "201 BPM" sits inside one, digits first.
    expect(text.split(PDI).length - 1).toBe([...text].filter((c) => c === LRI || c === FSI).length);
    expect(text).toMatch(new RegExp(`${LRI}201 BPM${PDI}`));
    expect(factLine('en', ['Saba on D', '201 BPM'])).toBe('Saba on D · 201 BPM');
  });

  it('has no Arabic message where a number is followed by a Latin unit outside an isolate', () => {
    const unitAfterNumber = /(\{[a-z]+\}|#|\d)\s?(BPM|MB|KB|GB|kHz|Hz|LUFS|bit)\b/g;
    const offenders = Object.entries(ar as Record<string, { defaultMessage: string }>).filter(
      ([, { defaultMessage }]) =>
        [...defaultMessage.matchAll(unitAfterNumber)].some((match) => {
          const before = defaultMessage.slice(0, match.index);
          // Inside an isolate: an LRI/FSI opened before it and not yet closed.
          return (
            before.lastIndexOf(LRI) <= before.lastIndexOf(PDI) && before.lastIndexOf(FSI) <= before.lastIndexOf(PDI)
          );
        }),
    );
    expect(offenders.map(([id]) => id)).toEqual([]);
  });
});

describe('artist names and bios in the page language (decision 061)', () => {
  const artist = { name: 'Rimal Collective', name_ar: 'مجموعة رمال', bio: 'An ambient project.', bio_ar: 'مشروع.' };
  it('shows the Arabic forms on Arabic pages, the Latin ones otherwise and where there is none', () => {
    expect(artistNameIn('ar', artist)).toBe('مجموعة رمال');
    expect(artistNameIn('en', artist)).toBe('Rimal Collective');
    expect(artistNameIn('ar', { name: 'Idris', name_ar: null })).toBe('Idris');
    expect(artistNameIn('ar', { artist_name: 'Layal Zahr', artist_name_ar: 'ليال زهر' })).toBe('ليال زهر');
    expect(artistNameIn('ar', { artist_name: 'Layal Zahr' })).toBe('Layal Zahr');
    expect(artistBioIn('ar', artist)).toBe('مشروع.');
    expect(artistBioIn('ar', { bio: 'Latin only.' })).toBe('Latin only.');
    expect(artistBioIn('en', artist)).toBe('An ambient project.');
  });
});

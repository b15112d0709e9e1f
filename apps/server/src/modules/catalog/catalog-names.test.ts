import { buildDemoCatalog } from '@tarab/audio';
import { arabicNameOf, arabicNoteOf } from '@tarab/contracts/lexicon';
import { describe, expect, it } from 'vitest';
import { foldWord, lexiconEntryOf } from './search-lexicon.js';

/** The Arabic pages name every facet of the store from the one lexicon search reads (decision 046). */
describe('Arabic catalog names', () => {
  const catalog = buildDemoCatalog();

  it('has an Arabic name for every tag, maqam and iqa of the demo catalog, and for every tonic', () => {
    const names = new Set([
      ...catalog.tags.map((tag) => tag.name),
      ...catalog.tracks.flatMap((track) => [track.maqam, track.iqa]),
    ]);
    expect([...names].filter((name) => !arabicNameOf(name))).toEqual([]);
    const tonics = new Set(catalog.tracks.map((track) => track.tonic));
    expect([...tonics].filter((tonic) => !arabicNoteOf(tonic))).toEqual([]);
  });

  it('writes the names musicians use, and search finds each one-word name it shows', () => {
    expect(arabicNameOf('Hijaz')).toBe('حجاز');
    expect(arabicNameOf('oud')).toBe('عود');
    expect(arabicNameOf('Maqsum')).toBe('مقسوم');
    expect(arabicNameOf('Belly Dance')).toBe('رقص شرقي');
    expect(arabicNoteOf('D')).toBe('ري');
    expect(arabicNoteOf('Bb')).toBe('سي بيمول');
    expect(arabicNoteOf('E half-flat')).toBe('مي نصف بيمول');
    for (const name of ['Hijaz', 'Bayati', 'Oud', 'Qanun', 'Ney', 'Maqsum', 'Sufi', 'Desert', 'Levant']) {
      expect(lexiconEntryOf(foldWord(arabicNameOf(name)!))?.label, name).toBe(name);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { isKnownValue, maqamatOf, parseMusicalKeyword, sortTonics } from './musical-facets.js';

describe('musical facets', () => {
  it('reads "maqam on tonic" as the maqam and tonic facets', () => {
    expect(parseMusicalKeyword('bayati on d')).toEqual({
      keyword: undefined,
      facets: { maqam: ['Bayati'], tonic: ['D'] },
    });
    expect(parseMusicalKeyword('Saba on D oud').facets).toEqual({ maqam: ['Saba'], tonic: ['D'] });
    expect(parseMusicalKeyword('Saba on D oud').keyword).toBe('oud');
    expect(parseMusicalKeyword('sikah on e half flat').facets).toEqual({ maqam: ['Sikah'], tonic: ['E half-flat'] });
    expect(parseMusicalKeyword('ajam on bb').facets).toEqual({ maqam: ['Ajam'], tonic: ['Bb'] });
    expect(parseMusicalKeyword('ajam on b flat').facets).toEqual({ maqam: ['Ajam'], tonic: ['Bb'] });
    expect(parseMusicalKeyword('hicaz on a').facets).toEqual({ maqam: ['Hijaz'], tonic: ['A'] });
    expect(parseMusicalKeyword('hijaz kar on c').facets).toEqual({ maqam: ['Hijazkar'], tonic: ['C'] });
  });

  it("reads a maqam written as two words and an iqa' name as facets; single maqam names stay keywords", () => {
    expect(parseMusicalKeyword('hijaz kar')).toEqual({ keyword: undefined, facets: { maqam: ['Hijazkar'] } });
    expect(parseMusicalKeyword('Hijaz Kar qanun')).toEqual({ keyword: 'qanun', facets: { maqam: ['Hijazkar'] } });
    expect(parseMusicalKeyword('maqsum')).toEqual({ keyword: undefined, facets: { iqa: ['Maqsum'] } });
    expect(parseMusicalKeyword('Maksoum oud').facets).toEqual({ iqa: ['Maqsum'] });
    expect(parseMusicalKeyword("sama'i thaqil").facets).toEqual({ iqa: ["Sama'i Thaqil"] });
    expect(parseMusicalKeyword('مقسوم').facets).toEqual({ iqa: ['Maqsum'] });
    expect(parseMusicalKeyword('bayati dawn')).toEqual({ keyword: 'bayati dawn', facets: {} });
    // "on" without a tonic after it is a word like any other.
    expect(parseMusicalKeyword('bayati on the road').keyword).toBe('bayati on the road');
    expect(parseMusicalKeyword('bayati on h').facets).toEqual({});
  });

  it("reads a time signature of an iqa' as the meter facet, others stay text", () => {
    expect(parseMusicalKeyword('10/8')).toEqual({ keyword: undefined, facets: { meter: ['10/8'] } });
    expect(parseMusicalKeyword('oud 9 / 8').facets).toEqual({ meter: ['9/8'] });
    expect(parseMusicalKeyword('7/8').facets).toEqual({});
    expect(parseMusicalKeyword('7/8').keyword).toBe('7/8');
  });

  it('families and ajnas select the maqamat that have them', () => {
    expect(maqamatOf('maqam_family', ['Hijaz'])).toEqual(['Hijaz', 'Hijazkar']);
    expect(maqamatOf('maqam_family', ['Sikah'])).toEqual(['Sikah', 'Huzam']);
    expect(maqamatOf('jins_lower', ['Sikah'])).toEqual(['Sikah', 'Huzam']);
    expect(maqamatOf('jins_upper', ['Hijaz'])).toEqual(['Saba', 'Huzam', 'Hijazkar']);
    expect(maqamatOf('maqam', ['Nope'])).toEqual([]);
  });

  it('knows which values exist and orders tonics by pitch', () => {
    expect(isKnownValue('maqam', 'Bayati')).toBe(true);
    expect(isKnownValue('maqam', 'bayati')).toBe(false);
    expect(isKnownValue('tonic', 'E half-flat')).toBe(true);
    expect(isKnownValue('tonic', 'H')).toBe(false);
    expect(isKnownValue('meter', '10/8')).toBe(true);
    expect(isKnownValue('iqa', "Sama'i Thaqil")).toBe(true);
    expect(sortTonics(['G', 'E half-flat', 'C', 'Bb', 'D'])).toEqual(['C', 'D', 'E half-flat', 'G', 'Bb']);
  });
});

import { IngestLimits, IngestMessages } from '@tarab/contracts';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { arabic } from '@/testing/arabic-catalogue';
import { audioFile } from '../testing/fixtures';
import { emptyDraft, fileProblem, toMetadata, validateDraft, type UploadDraft } from './upload-draft';

const english = createIntl({ locale: 'en', defaultLocale: 'en', messages: {} });
const arabicIntl = createIntl({ locale: 'ar', defaultLocale: 'en', messages: arabic as never });

const valid: UploadDraft = { ...emptyDraft, file: audioFile(), title: 'Hijaz Pulse', price: '4.99' };

describe('validateDraft', () => {
  it('accepts a complete draft', () => {
    expect(validateDraft(english, valid, 250)).toBeNull();
  });

  it("asks for the file, the title and the price with the contract's texts", () => {
    expect(validateDraft(english, emptyDraft, 250)).toEqual({
      file: [IngestMessages.fileMissing],
      title: ['The title field is required.'],
      price: ['The price field is required.'],
    });
  });

  it('refuses a file over the limit with the contract message', () => {
    const big = audioFile('big.wav', 2 * 1024 * 1024 + 1);
    expect(fileProblem(english, big, 2)).toBe(IngestMessages.fileTooLarge(2));
    expect(fileProblem(english, audioFile('ok.wav', 2 * 1024 * 1024), 2)).toBeNull();
    expect(validateDraft(english, { ...valid, file: big }, 2)).toEqual({
      file: ['The file is too large (the limit is 2 MB).'],
    });
  });

  it('checks tempo, price and tag limits like the server', () => {
    const errors = validateDraft(
      english,
      { ...valid, bpm: '12', price: '1.234', genre: Array.from({ length: 11 }, (_, i) => i + 1) },
      250,
    );
    expect(errors).toEqual({
      genre: [`Choose at most ${IngestLimits.maxTagsPerKind} genres.`],
      bpm: [`The bpm must be at least ${IngestLimits.minBpm}.`],
      price: ['The price must have at most 2 decimals.'],
    });
    expect(validateDraft(english, { ...valid, bpm: '120.5' }, 250)).toEqual({
      bpm: ['The bpm must be a whole number.'],
    });
    expect(validateDraft(english, { ...valid, title: 'x'.repeat(IngestLimits.titleMax + 1) }, 250)?.['title']).toEqual([
      `The title may not be greater than ${IngestLimits.titleMax} characters.`,
    ]);
  });

  it('says the same checks in Arabic on Arabic pages, by their codes', () => {
    expect(validateDraft(arabicIntl, { ...emptyDraft, bpm: '12' }, 250)).toEqual({
      file: ['اختر ملفًا صوتيًا لرفعه.'],
      title: ['حقل العنوان مطلوب.'],
      bpm: ['يجب ألا تقل السرعة عن 40 نبضة في الدقيقة.'],
      price: ['حقل السعر مطلوب.'],
    });
    expect(fileProblem(arabicIntl, audioFile('big.wav', 2 * 1024 * 1024 + 1), 2)).toBe(
      'الملف كبير جدًا (الحد الأقصى \u20662 MB\u2069).',
    );
  });
});

describe('toMetadata', () => {
  it('sends ids as numbers, empty choices as null, and a scale only for loops', () => {
    const draft: UploadDraft = {
      ...valid,
      title: '  Hijaz Pulse  ',
      albumId: '31',
      regionId: '',
      scaleId: '40',
      genre: [1],
      bpm: '',
    };
    expect(toMetadata(draft)).toEqual({
      title: 'Hijaz Pulse',
      kind: 'music',
      album_id: 31,
      genre: [1],
      mood: [],
      theme: [],
      instrument: [],
      region_id: null,
      scale_id: null,
      maqam: null,
      tonic: null,
      iqa: null,
      meter: null,
      bpm: null,
      price: 4.99,
      publish: false,
    });
    expect(toMetadata({ ...draft, kind: 'loop', bpm: '96' })).toMatchObject({ kind: 'loop', scale_id: 40, bpm: 96 });
    // An empty price is left out of the JSON, so the server answers "The price field is required.".
    expect(JSON.parse(JSON.stringify(toMetadata({ ...draft, price: '' })))).not.toHaveProperty('price');
  });
});

import { IngestLimits, type TrackKind } from '@tarab/contracts';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { catalogName, noteName } from '@/lib/i18n/catalog-names';
import type { ArtistCatalog } from '../api/get-artist-catalog';
import type { IngestOptions } from '../api/get-ingest-options';
import type { FormField, TagField, UploadDraft } from '../lib/upload-draft';
import { InputField, SelectField, type SelectOption } from '@/components/ui/field';
import { OptionPicker, type PickerOption } from './option-picker';

/** The metadata inputs the upload form and the Edit track dialog share (as typed, '' for none). */
export type MetadataValues = Pick<
  UploadDraft,
  'albumId' | 'regionId' | 'scaleId' | 'maqam' | 'tonic' | 'iqa' | 'meter' | 'bpm' | 'price' | TagField
>;

export type SharedProps = {
  values: MetadataValues;
  onChange: (patch: Partial<MetadataValues>) => void;
  /** Errors by the server's field names. */
  errorsOf: (field: FormField) => readonly string[] | undefined;
  /** Registers each input, so the first wrong one can take the focus. */
  refFor: (field: FormField) => (element: HTMLElement | null) => void;
};

type TagOptionsKey = 'genres' | 'moods' | 'themes' | 'instruments';

const legends = defineMessages({
  genre: { id: 'category.genres', defaultMessage: 'Genres' },
  mood: { id: 'category.moods', defaultMessage: 'Moods' },
  theme: { id: 'category.themes', defaultMessage: 'Themes' },
  instrument: { id: 'category.instruments', defaultMessage: 'Instruments' },
});

const TAG_PICKERS: ReadonlyArray<{ field: TagField; key: TagOptionsKey }> = [
  { field: 'genre', key: 'genres' },
  { field: 'mood', key: 'moods' },
  { field: 'theme', key: 'themes' },
  { field: 'instrument', key: 'instruments' },
];

const toPicker = (options: IngestOptions | undefined, key: TagOptionsKey, locale: string): PickerOption[] =>
  (options?.[key] ?? []).map((option) => ({ id: option.id, label: catalogName(option.name, locale) }));

/**
 * Scales by name ("Hijaz on D"), else key and key type — as the store's filter bar labels them
 * (on Arabic pages from the lexicon: `حجاز ري`).
 */
const scaleLabel = (scale: IngestOptions['scale'][number], locale: string) =>
  locale === 'ar'
    ? `${catalogName(scale.key_type, locale)} ${noteName(scale.key, locale)}`
    : scale.name || `${scale.key} ${scale.key_type}`;

type DetailFieldsProps = SharedProps & {
  kind: TrackKind;
  albums: ArtistCatalog['albums'];
  options: IngestOptions | undefined;
  bpmHint: ReactNode;
  /**
   * `stacked`: the selects take the whole width, tempo and price share a row (a narrow
   * dialog); otherwise two columns from the `sm` width on (the upload form).
   */
  layout?: 'columns' | 'stacked';
};

/** Album, region, scale (loops only), tempo and price. */
export function DetailFields({
  kind,
  albums,
  options,
  values,
  onChange,
  errorsOf,
  refFor,
  bpmHint,
  layout = 'columns',
}: DetailFieldsProps) {
  const stacked = layout === 'stacked';
  const intl = useIntl();
  const { locale } = intl;
  const albumOptions: SelectOption[] = [
    { value: '', label: intl.formatMessage({ id: 'ingest.noAlbum', defaultMessage: 'No album (single)' }) },
    ...albums.map((album) => ({ value: String(album.id), label: album.title })),
  ];
  const regionOptions: SelectOption[] = [
    { value: '', label: intl.formatMessage({ id: 'ingest.noRegion', defaultMessage: 'No region' }) },
    ...(options?.regions ?? []).map((region) => ({
      value: String(region.id),
      label: catalogName(region.name, locale),
    })),
  ];
  const scaleOptions: SelectOption[] = [
    { value: '', label: intl.formatMessage({ id: 'ingest.noScale', defaultMessage: 'No scale' }) },
    ...(options?.scale ?? []).map((scale) => ({ value: String(scale.id), label: scaleLabel(scale, locale) })),
  ];
  const wide = stacked ? 'col-span-2' : undefined;

  return (
    <div className={stacked ? 'grid grid-cols-2 items-start gap-x-4 gap-y-5' : 'grid gap-6 sm:grid-cols-2'}>
      <SelectField
        ref={refFor('album_id')}
        label={intl.formatMessage({ id: 'album.eyebrow', defaultMessage: 'Album' })}
        options={albumOptions}
        value={values.albumId}
        onChange={(event) => onChange({ albumId: event.target.value })}
        errors={errorsOf('album_id')}
        className={wide}
      />
      <SelectField
        ref={refFor('region_id')}
        label={intl.formatMessage({ id: 'filters.region', defaultMessage: 'Region' })}
        options={regionOptions}
        value={values.regionId}
        onChange={(event) => onChange({ regionId: event.target.value })}
        errors={errorsOf('region_id')}
        className={wide}
      />
      {kind === 'loop' ? (
        <SelectField
          ref={refFor('scale_id')}
          label={intl.formatMessage({ id: 'ingest.scale', defaultMessage: 'Scale' })}
          options={scaleOptions}
          value={values.scaleId}
          onChange={(event) => onChange({ scaleId: event.target.value })}
          errors={errorsOf('scale_id')}
          className={stacked ? 'col-span-2' : 'sm:col-span-2'}
        />
      ) : null}
      <InputField
        ref={refFor('bpm')}
        label={intl.formatMessage({ id: 'ingest.bpm', defaultMessage: 'BPM (optional)' })}
        name="bpm"
        type="number"
        inputMode="numeric"
        min={IngestLimits.minBpm}
        max={IngestLimits.maxBpm}
        step={1}
        placeholder={intl.formatMessage({ id: 'ingest.bpmPlaceholder', defaultMessage: 'Detected' })}
        hint={bpmHint}
        value={values.bpm}
        onChange={(event) => onChange({ bpm: event.target.value })}
        errors={errorsOf('bpm')}
      />
      <InputField
        ref={refFor('price')}
        label={intl.formatMessage({ id: 'ingest.price', defaultMessage: 'Price (USD)' })}
        name="price"
        type="number"
        inputMode="decimal"
        min={0}
        max={IngestLimits.maxPrice}
        step={0.01}
        prefix="$"
        placeholder="4.99"
        value={values.price}
        onChange={(event) => onChange({ price: event.target.value })}
        errors={errorsOf('price')}
      />
    </div>
  );
}

type TagPickersProps = SharedProps & { options: IngestOptions | undefined };

/** Genres, moods, themes and instruments: each a group of chips, focusable as a whole. */
export function TagPickers({ options, values, onChange, errorsOf, refFor }: TagPickersProps) {
  const intl = useIntl();
  return TAG_PICKERS.map(({ field, key }) => (
    <div key={field} ref={refFor(field)} tabIndex={-1} className="focus:outline-none">
      <OptionPicker
        legend={intl.formatMessage(legends[field])}
        options={toPicker(options, key, intl.locale)}
        selected={values[field]}
        onChange={(selected) => onChange({ [field]: selected })}
        max={IngestLimits.maxTagsPerKind}
        errors={errorsOf(field)}
      />
    </div>
  ));
}

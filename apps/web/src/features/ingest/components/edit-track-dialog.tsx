import { IngestLimits, TrackMetadata, type ArtistTrackDto, type TrackMetadataPatch } from '@tarab/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { isApiError, parseNetworkError, type FieldErrors } from '@/lib/api-client';
import { useArtistCatalog } from '../api/get-artist-catalog';
import { useIngestOptions } from '../api/get-ingest-options';
import { useUpdateTrack } from '../api/update-track';
import { emptyDraft, FIELD_OF_DRAFT_KEY, TAG_FIELDS, toMetadata, type FormField } from '../lib/upload-draft';
import { ingestErrorText, ingestFieldErrors, schemaErrors, updatedText } from '../lib/ingest-messages';
import { FormAlert, InputField } from '@/components/ui/field';
import { ArabicTitleField } from './form-controls';
import { MusicalFields } from './musical-fields';
import { DetailFields, TagPickers, type MetadataValues } from './track-metadata-fields';

/** What the dialog holds while the artist edits (inputs keep their text, '' for none). */
export type EditValues = MetadataValues & { title: string; titleAr: string };

/**
 * The fields the dialog has an input for (the server's field names), in the dialog's order (the
 * first wrong one takes the focus); errors of other fields go to its alert.
 */
const EDIT_FIELDS: readonly FormField[] = [
  'title',
  'title_ar',
  'album_id',
  'region_id',
  'scale_id',
  'bpm',
  'price',
  'maqam',
  'tonic',
  'iqa',
  'meter',
  ...TAG_FIELDS,
];

const idText = (id: number | null) => (id === null ? '' : String(id));

/** The form's starting values: the track as it is now. */
export function editValuesOf(track: ArtistTrackDto): EditValues {
  const { metadata } = track;
  return {
    title: track.title,
    titleAr: track.title_ar ?? '',
    albumId: idText(metadata.album_id),
    genre: [...metadata.genre],
    mood: [...metadata.mood],
    theme: [...metadata.theme],
    instrument: [...metadata.instrument],
    regionId: idText(metadata.region_id),
    scaleId: track.kind === 'loop' ? idText(metadata.scale_id) : '',
    // A loop's maqam and tonic are its scale's: the pickers are the music's.
    maqam: track.kind === 'music' ? (track.maqam ?? '') : '',
    tonic: track.kind === 'music' ? (track.key ?? '') : '',
    iqa: track.iqa ?? '',
    meter: track.meter ?? '',
    bpm: track.bpm === null ? '' : String(track.bpm),
    price: track.price.toFixed(2),
  };
}

/** The same ids, in any order. */
const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

const cents = (dollars: number) => Math.round(dollars * 100);

export type EditCheck = { errors: FieldErrors } | { patch: TrackMetadataPatch };

/**
 * Checks the values with the contract's metadata rules (the messages the server would send, said by
 * their codes in the page's language), then keeps only what differs from the track. An empty tempo
 * keeps the current one (the server does not go back to the detected tempo).
 */
export function checkEdit(intl: IntlShape, track: ArtistTrackDto, values: EditValues): EditCheck {
  const parsed = TrackMetadata.safeParse(toMetadata({ ...emptyDraft, ...values, kind: track.kind }));
  if (!parsed.success) return { errors: schemaErrors(intl, parsed.error.issues) };
  const next = parsed.data;
  const { metadata } = track;
  const patch: TrackMetadataPatch = {};
  if (next.title !== track.title) patch.title = next.title;
  // Emptied: null clears the Arabic title.
  if ((next.title_ar ?? null) !== (track.title_ar ?? null)) patch.title_ar = next.title_ar ?? null;
  if ((next.album_id ?? null) !== metadata.album_id) patch.album_id = next.album_id ?? null;
  for (const field of TAG_FIELDS) if (!sameIds(next[field], metadata[field])) patch[field] = next[field];
  if ((next.region_id ?? null) !== metadata.region_id) patch.region_id = next.region_id ?? null;
  if (track.kind === 'loop' && (next.scale_id ?? null) !== metadata.scale_id) patch.scale_id = next.scale_id ?? null;
  if (next.bpm !== null && next.bpm !== undefined && next.bpm !== track.bpm) patch.bpm = next.bpm;
  if (track.kind === 'music') {
    if ((next.maqam ?? null) !== track.maqam) patch.maqam = next.maqam ?? null;
    if ((next.tonic ?? null) !== track.key) patch.tonic = next.tonic ?? null;
  }
  if ((next.iqa ?? null) !== track.iqa) patch.iqa = next.iqa ?? null;
  if ((next.meter ?? null) !== track.meter) patch.meter = next.meter ?? null;
  if (cents(next.price) !== cents(track.price)) patch.price = next.price;
  return { patch };
}

type EditTrackFormProps = {
  track: ArtistTrackDto;
  onDone: () => void;
  titleRef: RefObject<HTMLInputElement | null>;
};

function EditTrackForm({ track, onDone, titleRef }: EditTrackFormProps) {
  const update = useUpdateTrack();
  const catalog = useArtistCatalog();
  const options = useIngestOptions();
  const [values, setValues] = useState(() => editValuesOf(track));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const fields = useRef(new Map<FormField, HTMLElement | null>());
  const focusFirstError = useRef(false);
  const intl = useIntl();

  // After a refusal, the first wrong field takes the focus (once its message is in place).
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    const first = EDIT_FIELDS.find((field) => errors[field]?.length);
    if (first) fields.current.get(first)?.focus();
  }, [errors]);

  const refFor = (field: FormField) => (element: HTMLElement | null) => {
    fields.current.set(field, element);
  };
  const errorsOf = (field: FormField) => errors[field];

  const edit = (patch: Partial<EditValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    // Editing a field clears its (now possibly stale) error.
    setErrors((current) => {
      const touched = Object.keys(patch).map((key) => FIELD_OF_DRAFT_KEY[key as keyof EditValues]);
      if (!touched.some((field) => current[field])) return current;
      const rest = { ...current };
      for (const field of touched) delete rest[field];
      return rest;
    });
  };

  /** Field errors and the form's message, in the page's language. */
  const refuse = (fieldErrors: FieldErrors, message: string | null) => {
    const known = Object.fromEntries(
      Object.entries(fieldErrors).filter(([field]) => (EDIT_FIELDS as readonly string[]).includes(field)),
    );
    const others = Object.entries(fieldErrors)
      .filter(([field]) => !(EDIT_FIELDS as readonly string[]).includes(field))
      .flatMap(([, messages]) => messages);
    const hasFieldErrors = Object.keys(known).length > 0;
    focusFirstError.current = hasFieldErrors;
    setErrors(known);
    setFormError(others[0] ?? (hasFieldErrors ? null : message));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const checked = checkEdit(intl, track, values);
    if ('errors' in checked) {
      refuse(checked.errors, null);
      return;
    }
    if (Object.keys(checked.patch).length === 0) {
      onDone();
      return;
    }
    setFormError(null);
    update.mutate(
      { trackId: track.id, patch: checked.patch },
      {
        onSuccess: () => {
          toast.success(updatedText(intl));
          onDone();
        },
        onError: (cause) => {
          const error = isApiError(cause) ? cause : parseNetworkError(cause);
          refuse(ingestFieldErrors(intl, error), ingestErrorText(intl, error));
        },
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={intl.formatMessage({ id: 'ingest.editDialog', defaultMessage: 'Edit track' })}
      // The modal's padding, header and description take about 12rem: the fields scroll, the
      // buttons stay in view.
      className="flex max-h-[calc(100dvh-12rem)] flex-col"
    >
      <div className="-mx-2 min-h-0 flex-1 space-y-6 overflow-y-auto px-2 pt-1 pb-2">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <InputField
          ref={(element) => {
            titleRef.current = element;
            fields.current.set('title', element);
          }}
          label={intl.formatMessage({ id: 'ingest.titleLabel', defaultMessage: 'Title' })}
          name="title"
          autoComplete="off"
          maxLength={IngestLimits.titleMax}
          value={values.title}
          onChange={(event) => edit({ title: event.target.value })}
          errors={errorsOf('title')}
        />
        <ArabicTitleField
          ref={refFor('title_ar')}
          value={values.titleAr}
          onChange={(titleAr) => edit({ titleAr })}
          errors={errorsOf('title_ar')}
        />
        <DetailFields
          kind={track.kind}
          albums={catalog.data?.albums ?? []}
          options={options.data}
          values={values}
          onChange={edit}
          errorsOf={errorsOf}
          refFor={refFor}
          bpmHint={intl.formatMessage({ id: 'ingest.bpmOverride', defaultMessage: 'Overrides the detected tempo.' })}
          layout="stacked"
        />
        <MusicalFields
          kind={track.kind}
          values={values}
          onChange={edit}
          errorsOf={errorsOf}
          refFor={refFor}
          layout="stacked"
        />
        {options.isError ? (
          <FormAlert>
            <FormattedMessage
              id="ingest.tagsError"
              defaultMessage="Tags could not be loaded: {message}"
              values={{ message: errorText(intl, options.error) }}
            />
          </FormAlert>
        ) : null}
        <TagPickers options={options.data} values={values} onChange={edit} errorsOf={errorsOf} refFor={refFor} />
      </div>
      <div className="mt-4 flex shrink-0 justify-end gap-3 border-t border-line pt-5">
        <Button variant="secondary" onClick={onDone}>
          <FormattedMessage id="ingest.cancel" defaultMessage="Cancel" />
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? (
            <FormattedMessage id="ingest.saving" defaultMessage="Saving…" />
          ) : (
            <FormattedMessage id="ingest.save" defaultMessage="Save" />
          )}
        </Button>
      </div>
    </form>
  );
}

type EditTrackDialogProps = {
  track: ArtistTrackDto;
  open: boolean;
  /** Called on Cancel, Escape, the backdrop, and after a save; focus goes back to the opener. */
  onClose: () => void;
};

/**
 * "Edit track": the track's title, album, tags, region, scale (loops), tempo and price,
 * prefilled; Save sends only what changed (`PATCH /api/artist/tracks/{id}`), a refusal puts
 * the server's field errors under their fields, success toasts and closes.
 */
export function EditTrackDialog({ track, open, onClose }: EditTrackDialogProps) {
  const titleRef = useRef<HTMLInputElement>(null);
  const descriptionId = useId();
  const intl = useIntl();
  return (
    <Modal
      open={open}
      title={intl.formatMessage({ id: 'ingest.editDialog', defaultMessage: 'Edit track' })}
      onClose={onClose}
      initialFocusRef={titleRef}
      describedBy={descriptionId}
    >
      <p id={descriptionId} className="-mt-3 mb-5 text-sm text-fg-muted">
        {track.kind === 'loop'
          ? intl.formatMessage({ id: 'ingest.kind.loop', defaultMessage: 'Loop' })
          : intl.formatMessage({ id: 'ingest.kind.music', defaultMessage: 'Music track' })}{' '}
        ·{' '}
        {track.published
          ? intl.formatMessage({
              id: 'ingest.editPublished',
              defaultMessage: 'Published: changes show in the store straight away.',
            })
          : intl.formatMessage({ id: 'ingest.editDraft', defaultMessage: 'Draft: not in the store yet.' })}
      </p>
      {/* Mounted only while open, so each opening starts from the track as it is now. */}
      <EditTrackForm track={track} onDone={onClose} titleRef={titleRef} />
    </Modal>
  );
}

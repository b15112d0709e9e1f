import { IngestLimits } from '@tarab/contracts';
import { useId, useRef, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { cx } from '@/lib/class-names';
import type { ArtistCatalog } from '../api/get-artist-catalog';
import type { IngestOptions } from '../api/get-ingest-options';
import { useSubmitUpload } from '../hooks/use-track-upload';
import { fileProblem, FORM_FIELDS, type FormField } from '../lib/upload-draft';
import { useUploadStore } from '../stores/upload-store';
import { DropZone } from './drop-zone';
import { FormAlert, InputField } from '@/components/ui/field';
import { ArabicTitleField } from './form-controls';
import { chipClass } from './option-picker';
import { MusicalFields } from './musical-fields';
import { DetailFields, TagPickers } from './track-metadata-fields';

type UploadFormProps = {
  catalog: Pick<ArtistCatalog, 'albums' | 'formats' | 'max_upload_mb'>;
  options: IngestOptions | undefined;
  /** The options could not be loaded (the pickers say so; the upload still works without tags). */
  optionsError?: string | null;
};

const kindLabels = defineMessages({
  music: { id: 'ingest.kind.music', defaultMessage: 'Music track' },
  loop: { id: 'ingest.kind.loop', defaultMessage: 'Loop' },
});

const KINDS = [
  { value: 'music', label: kindLabels.music },
  { value: 'loop', label: kindLabels.loop },
] as const;

function SectionTitle({ children }: { children: string }) {
  return <h3 className="font-sans text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase">{children}</h3>;
}

/**
 * The upload form: the audio file (drop or pick), title, kind, album, tags, region, scale
 * (loops), an optional tempo, the price, and whether to publish straight away. Checked in the
 * browser with the contract's rules first; the server's field errors land under their fields.
 */
export function UploadForm({ catalog, options, optionsError }: UploadFormProps) {
  const draft = useUploadStore((state) => state.draft);
  const errors = useUploadStore((state) => state.errors);
  const formError = useUploadStore((state) => state.formError);
  const editDraft = useUploadStore((state) => state.editDraft);
  const showErrors = useUploadStore((state) => state.showErrors);
  const submit = useSubmitUpload(catalog.max_upload_mb);
  const fields = useRef(new Map<FormField, HTMLElement | null>());
  const kindId = useId();
  const publishId = useId();
  const intl = useIntl();

  const refFor = (field: FormField) => (element: HTMLElement | null) => {
    fields.current.set(field, element);
  };
  const errorsOf = (field: FormField) => errors[field];

  const focusFirstError = () => {
    const current = useUploadStore.getState();
    if (current.session.phase !== 'editing') return;
    const first = FORM_FIELDS.find((field) => current.errors[field]?.length);
    if (first) fields.current.get(first)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await submit();
    focusFirstError();
  };

  const onFile = (file: File) => {
    const problem = fileProblem(intl, file, catalog.max_upload_mb);
    if (problem) {
      // Too large (or empty): refused here, the previous choice kept.
      showErrors({ ...useUploadStore.getState().errors, file: [problem] }, formError);
      return;
    }
    const title = draft.title.trim() === '' ? titleFromFileName(file.name) : draft.title;
    editDraft({ file, title });
  };

  const kindErrors = errorsOf('kind');

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={intl.formatMessage({ id: 'ingest.form', defaultMessage: 'Upload a track' })}
      className="space-y-8"
    >
      {formError ? <FormAlert>{formError}</FormAlert> : null}

      <div className="grid gap-8 lg:grid-cols-2 lg:gap-10">
        <div className="min-w-0 space-y-6">
          <SectionTitle>
            {intl.formatMessage({ id: 'ingest.section.details', defaultMessage: 'Audio and details' })}
          </SectionTitle>
          <DropZone
            file={draft.file}
            onFile={onFile}
            onClear={() => editDraft({ file: null })}
            formats={catalog.formats}
            maxUploadMb={catalog.max_upload_mb}
            errors={errorsOf('file')}
            inputRef={refFor('file')}
          />
          <InputField
            ref={refFor('title')}
            label={intl.formatMessage({ id: 'ingest.titleLabel', defaultMessage: 'Title' })}
            name="title"
            autoComplete="off"
            maxLength={IngestLimits.titleMax}
            value={draft.title}
            onChange={(event) => editDraft({ title: event.target.value })}
            errors={errorsOf('title')}
          />
          <ArabicTitleField
            ref={refFor('title_ar')}
            value={draft.titleAr}
            onChange={(titleAr) => editDraft({ titleAr })}
            errors={errorsOf('title_ar')}
          />
          <fieldset aria-describedby={kindErrors?.length ? `${kindId}-errors` : undefined}>
            <legend className="mb-1.5 text-sm font-medium text-fg">
              <FormattedMessage id="ingest.type" defaultMessage="Type" />
            </legend>
            <div className="flex flex-wrap gap-2">
              {KINDS.map((kind) => (
                <label
                  key={kind.value}
                  className={cx(
                    chipClass,
                    'h-11 px-5',
                    draft.kind === kind.value
                      ? 'border-accent bg-accent/15 text-fg'
                      : 'border-line-strong text-fg-muted hover:border-fg-muted hover:text-fg',
                  )}
                >
                  <input
                    ref={kind.value === 'music' ? refFor('kind') : undefined}
                    type="radio"
                    name="kind"
                    value={kind.value}
                    checked={draft.kind === kind.value}
                    onChange={() => editDraft({ kind: kind.value })}
                    className="size-4 accent-saffron-400"
                  />
                  {intl.formatMessage(kind.label)}
                </label>
              ))}
            </div>
            {kindErrors?.length ? (
              <p id={`${kindId}-errors`} className="mt-1.5 text-sm text-danger">
                {kindErrors.join(' ')}
              </p>
            ) : null}
          </fieldset>
          <DetailFields
            kind={draft.kind}
            albums={catalog.albums}
            options={options}
            values={draft}
            onChange={editDraft}
            errorsOf={errorsOf}
            refFor={refFor}
            bpmHint={intl.formatMessage({
              id: 'ingest.bpmHint',
              defaultMessage: 'Leave empty to use the detected tempo.',
            })}
          />
        </div>

        <div className="min-w-0 space-y-6">
          <SectionTitle>
            {intl.formatMessage({ id: 'ingest.section.musical', defaultMessage: 'Maqam and rhythm' })}
          </SectionTitle>
          <MusicalFields kind={draft.kind} values={draft} onChange={editDraft} errorsOf={errorsOf} refFor={refFor} />
          <SectionTitle>{intl.formatMessage({ id: 'ingest.section.tags', defaultMessage: 'Tags' })}</SectionTitle>
          {optionsError ? (
            <FormAlert>
              <FormattedMessage
                id="ingest.tagsError"
                defaultMessage="Tags could not be loaded: {message}"
                values={{ message: optionsError }}
              />
            </FormAlert>
          ) : null}
          <TagPickers options={options} values={draft} onChange={editDraft} errorsOf={errorsOf} refFor={refFor} />
        </div>
      </div>

      <div className="flex flex-col gap-5 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <input
            ref={refFor('publish')}
            id={publishId}
            type="checkbox"
            checked={draft.publish}
            onChange={(event) => editDraft({ publish: event.target.checked })}
            aria-describedby={`${publishId}-hint`}
            className="mt-0.5 size-5 shrink-0 accent-saffron-400"
          />
          <div>
            <label htmlFor={publishId} className="font-medium text-fg">
              <FormattedMessage id="ingest.publishNow" defaultMessage="Publish as soon as it is processed" />
            </label>
            <p id={`${publishId}-hint`} className="text-sm text-fg-subtle">
              <FormattedMessage
                id="ingest.publishNowHint"
                defaultMessage="Otherwise it stays a draft until you press Publish."
              />
            </p>
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          {draft.kind === 'loop' ? (
            <FormattedMessage id="ingest.uploadLoop" defaultMessage="Upload loop" />
          ) : (
            <FormattedMessage id="ingest.uploadTrack" defaultMessage="Upload track" />
          )}
        </Button>
      </div>
    </form>
  );
}

/** `night_caravan-loop.wav` → `Night caravan loop` (a starting point the artist can edit). */
function titleFromFileName(name: string): string {
  const base = name
    .replace(/\.[^.]+$/, '')
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const text = base.slice(0, IngestLimits.titleMax);
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : '';
}

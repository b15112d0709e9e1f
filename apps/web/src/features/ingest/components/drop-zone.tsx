import { useId, useRef, useState, type DragEvent, type Ref } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { ltr } from '@/lib/i18n/bidi';
import { buttonStyles } from '@/components/ui/button-styles';
import { FieldMessages, describedBy } from '@/components/ui/field';
import { Icon } from '@/components/ui/icons';
import { cx } from '@/lib/class-names';
import { formatBytes } from '@/lib/format-upload';

type DropZoneProps = {
  file: File | null;
  /** A file was chosen or dropped (the caller checks it). */
  onFile: (file: File) => void;
  onClear: () => void;
  /** Lower-case extensions, e.g. `['wav', 'mp3']`. */
  formats: readonly string[];
  maxUploadMb: number;
  errors?: readonly string[] | undefined;
  inputRef?: Ref<HTMLInputElement>;
};

const UploadGlyph = () => (
  <Icon className="size-6">
    <path d="M12 15V4M7 9l5-5 5 5" />
    <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </Icon>
);

const FileGlyph = () => (
  <Icon>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" />
    <path d="M14 3v5h5M10 17v-5l5-1v5" />
    <circle cx="8.5" cy="17" r="1.5" />
    <circle cx="13.5" cy="16" r="1.5" />
  </Icon>
);

/** `.wav,.mp3,…` for the file picker (AIFF also as `.aif`). */
const acceptOf = (formats: readonly string[]) =>
  formats.flatMap((format) => (format === 'aiff' ? ['.aiff', '.aif'] : [`.${format}`])).join(',');

const formatList = (intl: IntlShape, formats: readonly string[]) => {
  const names = formats.map((format) => format.toUpperCase());
  if (intl.locale !== 'ar') {
    return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  }
  return intl.formatList(names, { type: 'disjunction' });
};

/**
 * Drop an audio file here, or pick one with the (real) file input behind the button. Shows the
 * chosen file's name and size.
 */
export function DropZone({ file, onFile, onClear, formats, maxUploadMb, errors, inputRef }: DropZoneProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const invalid = Boolean(errors?.length);
  const hintId = `${id}-hint`;
  const errorId = `${id}-errors`;
  const intl = useIntl();

  const onDragEnter = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };

  return (
    <div>
      <div
        data-testid="drop-zone"
        onDragEnter={onDragEnter}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        className={cx(
          'relative flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors sm:px-6',
          dragging
            ? 'border-accent bg-accent/10'
            : invalid
              ? 'border-danger/70 bg-canvas/40'
              : 'border-line-strong bg-canvas/40 hover:border-fg-subtle',
        )}
      >
        {file ? (
          <div className="flex w-full max-w-md items-center gap-3 rounded-xl border border-line bg-surface-raised px-4 py-3 text-start">
            <span
              aria-hidden="true"
              className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent/15 text-accent"
            >
              <FileGlyph />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-fg" title={file.name}>
                {file.name}
              </p>
              <p className="text-sm text-fg-muted tabular-nums">
                <bdi dir="ltr">{formatBytes(file.size)}</bdi>
              </p>
            </div>
            <button
              type="button"
              onClick={onClear}
              className="shrink-0 rounded-full px-3 py-1.5 text-sm font-semibold text-fg-muted hover:bg-white/5 hover:text-fg"
            >
              <FormattedMessage
                id="ingest.drop.remove"
                defaultMessage="Remove<sr> {name}</sr>"
                values={{ name: file.name, sr: (chunks) => <span className="sr-only">{chunks}</span> }}
              />
            </button>
          </div>
        ) : (
          <>
            <span
              aria-hidden="true"
              className="grid size-12 place-items-center rounded-full bg-accent/10 text-accent ring-1 ring-accent/30"
            >
              <UploadGlyph />
            </span>
            <p className="font-semibold text-fg">
              {dragging ? (
                <FormattedMessage id="ingest.drop.release" defaultMessage="Drop the file to add it" />
              ) : (
                <FormattedMessage id="ingest.drop.prompt" defaultMessage="Drag and drop your audio file here" />
              )}
            </p>
          </>
        )}
        <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1">
          {file ? null : (
            <span className="text-sm text-fg-subtle">
              <FormattedMessage id="ingest.drop.or" defaultMessage="or" />
            </span>
          )}
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={acceptOf(formats)}
            className="peer sr-only"
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy(hintId, invalid && errorId)}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              // Let the same file be chosen again after a removal.
              event.target.value = '';
              if (chosen) onFile(chosen);
            }}
          />
          <label
            htmlFor={id}
            className={cx(
              buttonStyles({ variant: 'secondary', size: 'sm' }),
              'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-3 peer-focus-visible:outline-focus',
            )}
          >
            {file ? (
              <FormattedMessage id="ingest.drop.chooseAnother" defaultMessage="Choose another file" />
            ) : (
              <FormattedMessage id="ingest.drop.choose" defaultMessage="Choose a file" />
            )}
          </label>
        </div>
        <p id={hintId} className="text-sm text-fg-subtle">
          <FormattedMessage
            id="ingest.drop.hint"
            defaultMessage="{formats}, up to {size}"
            values={{ formats: formatList(intl, formats), size: ltr(intl.locale, `${maxUploadMb} MB`) }}
          />
        </p>
      </div>
      {invalid ? <FieldMessages id={errorId} errors={errors!} /> : null}
    </div>
  );
}

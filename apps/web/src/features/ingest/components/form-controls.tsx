import type { Ref } from 'react';
import { useIntl } from 'react-intl';
import { IngestLimits } from '@tarab/contracts';
import { InputField } from '@/components/ui/field';

/**
 * A track's optional Arabic title (issue 19), written right to left: the same field in the upload form
 * and the Edit track dialog.
 */
export function ArabicTitleField({
  value,
  onChange,
  errors,
  ref,
}: {
  value: string;
  onChange: (value: string) => void;
  errors: string[] | undefined;
  ref?: Ref<HTMLInputElement>;
}) {
  const intl = useIntl();
  return (
    <InputField
      ref={ref}
      label={intl.formatMessage({ id: 'ingest.titleArLabel', defaultMessage: 'In Arabic' })}
      hint={intl.formatMessage({
        id: 'ingest.titleArHint',
        defaultMessage: 'Optional: the title in Arabic, shown on the Arabic pages of the store.',
      })}
      name="title_ar"
      dir="rtl"
      lang="ar"
      autoComplete="off"
      maxLength={IngestLimits.titleMax}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      errors={errors}
    />
  );
}

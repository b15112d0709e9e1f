import type { TrackKind } from '@tarab/contracts';
import { IQA_LEXICON, JINS_NAMES, MAQAM_LEXICON, METER_NAMES, TONIC_NAMES, meterOfIqa } from '@tarab/contracts/facets';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { catalogName, noteName } from '@/lib/i18n/catalog-names';
import { cx } from '@/lib/class-names';
import { SelectField, type SelectOption } from '@/components/ui/field';
import type { SharedProps } from './track-metadata-fields';

type MusicalFieldsProps = SharedProps & {
  kind: TrackKind;
  /** `stacked`: a narrow dialog (two columns throughout); otherwise two columns from `sm` on. */
  layout?: 'columns' | 'stacked';
};

/** Meters and other Latin runs inside Arabic text keep their order (`10/8`, not `8/10`). */
const isolate = (locale: string, text: string) => (locale === 'ar' ? `\u2068${text}\u2069` : text);

/**
 * Maqam, jins, tonic, iqa' and meter (issue #32 item 10): pickers from the store's lexicon
 * (`@tarab/contracts/facets`), names in the page's language. Jins is a property of the maqam: its
 * picker narrows the maqam list, and the chosen maqam shows its lower and upper ajnas. A loop's scale
 * is its maqam and tonic, so loops get the rhythm pickers only. Choosing an iqa' sets its meter.
 */
export function MusicalFields({ kind, values, onChange, errorsOf, refFor, layout = 'columns' }: MusicalFieldsProps) {
  const intl = useIntl();
  const { locale } = intl;
  const [jins, setJins] = useState('');
  const jinsId = useId();
  const maqam = MAQAM_LEXICON.find((m) => m.name === values.maqam);
  const music = kind === 'music';

  const name = (value: string) => catalogName(value, locale);
  const maqamOptions: SelectOption[] = [
    { value: '', label: intl.formatMessage({ id: 'ingest.musical.noMaqam', defaultMessage: 'No maqam' }) },
    ...MAQAM_LEXICON.filter((m) => jins === '' || m.ajnas.includes(jins as never) || m.name === values.maqam).map(
      (m) => ({ value: m.name, label: name(m.name) }),
    ),
  ];
  const jinsOptions: SelectOption[] = [
    { value: '', label: intl.formatMessage({ id: 'ingest.musical.anyJins', defaultMessage: 'Any jins' }) },
    ...JINS_NAMES.map((value) => ({ value, label: name(value) })),
  ];
  // The maqam's usual tonics first, then the others in pitch order.
  const usual: readonly string[] = maqam?.tonics ?? [];
  const tonicOptions: SelectOption[] = [
    { value: '', label: intl.formatMessage({ id: 'ingest.musical.noTonic', defaultMessage: 'No tonic' }) },
    ...[...usual, ...TONIC_NAMES.filter((t) => !usual.includes(t))].map((value) => ({
      value,
      label: noteName(value, locale),
    })),
  ];
  const iqaOptions: SelectOption[] = [
    { value: '', label: intl.formatMessage({ id: 'ingest.musical.noIqa', defaultMessage: "No iqa'" }) },
    ...IQA_LEXICON.map((i) => ({ value: i.name, label: `${name(i.name)} · ${isolate(locale, i.meter)}` })),
  ];
  const meterOptions: SelectOption[] = [
    { value: '', label: intl.formatMessage({ id: 'ingest.musical.noMeter', defaultMessage: 'No meter' }) },
    ...METER_NAMES.map((value) => ({ value, label: isolate(locale, value) })),
  ];
  const grid = layout === 'stacked' ? 'grid grid-cols-2 items-start gap-x-4 gap-y-5' : 'grid gap-6 sm:grid-cols-2';

  return (
    <div className={grid} data-testid="musical-fields">
      {music ? (
        <>
          <SelectField
            label={intl.formatMessage({ id: 'ingest.musical.jins', defaultMessage: 'Jins' })}
            hint={intl.formatMessage({
              id: 'ingest.musical.jinsHint',
              defaultMessage: 'Narrows the maqamat to those built on it.',
            })}
            options={jinsOptions}
            value={jins}
            onChange={(event) => setJins(event.target.value)}
            name="jins"
            aria-controls={jinsId}
          />
          <div id={jinsId}>
            <SelectField
              ref={refFor('maqam')}
              label={intl.formatMessage({ id: 'ingest.musical.maqam', defaultMessage: 'Maqam' })}
              options={maqamOptions}
              value={values.maqam}
              onChange={(event) => onChange({ maqam: event.target.value })}
              errors={errorsOf('maqam')}
              name="maqam"
            />
            {maqam ? (
              <p className="mt-1.5 text-sm text-fg-subtle" data-testid="maqam-ajnas">
                <FormattedMessage
                  id="ingest.musical.ajnasOf"
                  defaultMessage="Lower jins {lower} · upper jins {upper}"
                  values={{ lower: name(maqam.ajnas[0]), upper: name(maqam.ajnas[1]) }}
                />
              </p>
            ) : null}
          </div>
          <SelectField
            ref={refFor('tonic')}
            label={intl.formatMessage({ id: 'ingest.musical.tonic', defaultMessage: 'Tonic' })}
            hint={
              maqam
                ? intl.formatMessage(
                    { id: 'ingest.musical.usualTonics', defaultMessage: 'Usual for {maqam}: {tonics}' },
                    {
                      maqam: name(maqam.name),
                      tonics: intl.formatList(maqam.tonics.map((t) => noteName(t, locale))),
                    },
                  )
                : undefined
            }
            options={tonicOptions}
            value={values.tonic}
            onChange={(event) => onChange({ tonic: event.target.value })}
            errors={errorsOf('tonic')}
            name="tonic"
            className={cx(layout === 'stacked' ? 'col-span-2' : 'sm:col-span-2')}
          />
        </>
      ) : null}
      <SelectField
        ref={refFor('iqa')}
        label={intl.formatMessage({ id: 'ingest.musical.iqa', defaultMessage: "Iqa' (rhythm)" })}
        options={iqaOptions}
        value={values.iqa}
        // Each iqa' has its meter: choosing one sets it (the meter can still be changed to none).
        onChange={(event) => {
          const iqa = event.target.value;
          onChange(iqa ? { iqa, meter: meterOfIqa(iqa) ?? values.meter } : { iqa });
        }}
        errors={errorsOf('iqa')}
        name="iqa"
      />
      <SelectField
        ref={refFor('meter')}
        label={intl.formatMessage({ id: 'ingest.musical.meter', defaultMessage: 'Meter' })}
        options={meterOptions}
        value={values.meter}
        onChange={(event) => onChange({ meter: event.target.value })}
        errors={errorsOf('meter')}
        name="meter"
      />
    </div>
  );
}

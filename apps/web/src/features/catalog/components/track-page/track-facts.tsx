import { defineMessages, useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import type { TagRef, TrackDetailDto } from '@tarab/contracts';
import { catalogName, noteName } from '@/lib/i18n/catalog-names';
import { untypedMessages } from './untyped-messages';

const text = untypedMessages(
  defineMessages({
    title: { id: 'trackPage.facts', defaultMessage: 'Musical facts' },
    maqam: { id: 'trackPage.fact.maqam', defaultMessage: 'Maqam' },
    family: { id: 'trackPage.fact.family', defaultMessage: '{name} family' },
    jins: { id: 'trackPage.fact.jins', defaultMessage: 'Jins' },
    jinsLower: { id: 'trackPage.fact.jinsLower', defaultMessage: 'Lower: {name}' },
    jinsUpper: { id: 'trackPage.fact.jinsUpper', defaultMessage: 'Upper: {name}' },
    tonic: { id: 'trackPage.fact.tonic', defaultMessage: 'Tonic' },
    iqa: { id: 'trackPage.fact.iqa', defaultMessage: 'Iqa’' },
    meter: { id: 'trackPage.fact.meter', defaultMessage: 'Meter' },
    bpm: { id: 'trackPage.fact.bpm', defaultMessage: 'Tempo' },
    duration: { id: 'trackPage.fact.duration', defaultMessage: 'Duration' },
    instruments: { id: 'trackPage.fact.instruments', defaultMessage: 'Instruments' },
    moods: { id: 'trackPage.fact.moods', defaultMessage: 'Moods' },
    genres: { id: 'trackPage.fact.genres', defaultMessage: 'Genres' },
    themes: { id: 'trackPage.fact.themes', defaultMessage: 'Themes' },
    region: { id: 'trackPage.fact.region', defaultMessage: 'Region' },
  }),
);

function Chips({ tags, locale }: { tags: readonly TagRef[]; locale: string }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li
          key={tag.id}
          className="rounded-full border border-line bg-ink-900/70 px-2.5 py-0.5 text-xs font-medium text-fg-muted"
        >
          {catalogName(tag.name, locale)}
        </li>
      ))}
    </ul>
  );
}

/**
 * Every musical fact of a track or loop (issue #32): maqam (and its family), jins, tonic, iqa', meter,
 * tempo, duration, instruments, moods, genres, themes and region, named in the page's language from the
 * lexicon as the rows name them; numbers with units read left to right in Arabic (decision 046). A fact
 * the track does not have is left out.
 */
export function TrackFacts({ track }: { track: TrackDetailDto }) {
  const intl = useIntl();
  const { locale } = intl;
  const name = (value: string) => catalogName(value, locale);
  const rows: Array<{ key: string; label: string; value: ReactNode }> = [];
  if (track.maqam) {
    rows.push({
      key: 'maqam',
      label: intl.formatMessage(text.maqam),
      value: (
        <>
          <span className="font-semibold text-fg">{name(track.maqam)}</span>
          {track.maqam_family && track.maqam_family !== track.maqam ? (
            <span className="text-fg-subtle">
              {' · '}
              {intl.formatMessage(text.family, { name: name(track.maqam_family) })}
            </span>
          ) : null}
        </>
      ),
    });
  }
  if (track.jins_lower || track.jins_upper) {
    rows.push({
      key: 'jins',
      label: intl.formatMessage(text.jins),
      value: [
        track.jins_lower ? intl.formatMessage(text.jinsLower, { name: name(track.jins_lower) }) : null,
        track.jins_upper ? intl.formatMessage(text.jinsUpper, { name: name(track.jins_upper) }) : null,
      ]
        .filter(Boolean)
        .join(' · '),
    });
  }
  if (track.key) rows.push({ key: 'tonic', label: intl.formatMessage(text.tonic), value: noteName(track.key, locale) });
  if (track.iqa) rows.push({ key: 'iqa', label: intl.formatMessage(text.iqa), value: name(track.iqa) });
  if (track.meter) {
    rows.push({ key: 'meter', label: intl.formatMessage(text.meter), value: <bdi dir="ltr">{track.meter}</bdi> });
  }
  if (track.bpm) {
    rows.push({ key: 'bpm', label: intl.formatMessage(text.bpm), value: <bdi dir="ltr">{track.bpm} BPM</bdi> });
  }
  rows.push({
    key: 'duration',
    label: intl.formatMessage(text.duration),
    value: <bdi dir="ltr">{track.duration}</bdi>,
  });
  const tagRows = [
    ['instruments', track.instrument],
    ['moods', track.mood],
    ['genres', track.genre],
    ['themes', track.theme],
  ] as const;
  for (const [key, tags] of tagRows) {
    if (tags.length)
      rows.push({ key, label: intl.formatMessage(text[key]), value: <Chips tags={tags} locale={locale} /> });
  }
  if (track.region)
    rows.push({ key: 'region', label: intl.formatMessage(text.region), value: name(track.region.name) });

  return (
    <section aria-labelledby="track-facts-title" className="rounded-2xl border border-line bg-surface/60 p-5 sm:p-6">
      <h2 id="track-facts-title" className="text-xl font-bold text-fg">
        {intl.formatMessage(text.title)}
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-x-8 sm:grid-cols-2">
        {rows.map((row) => (
          <div
            key={row.key}
            data-fact={row.key}
            className="grid grid-cols-[7.5rem_minmax(0,1fr)] items-baseline gap-3 border-b border-line/60 py-2.5"
          >
            <dt className="text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase">{row.label}</dt>
            <dd className="min-w-0 text-sm text-fg-muted">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

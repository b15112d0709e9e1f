import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { TrackDetailDto } from '@tarab/contracts';
import { tuningFileUrl } from '@tarab/contracts/facets';
import { DownloadIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { noteName } from '@/lib/i18n/catalog-names';
import { hasTuning } from '../tuning-menu';
import { musicalSummaryOf } from '../track-row';
import { untypedMessages } from './untyped-messages';

const text = untypedMessages(
  defineMessages({
    formats: { id: 'trackPage.formats', defaultMessage: 'Formats delivered' },
    formatsIntro: {
      id: 'trackPage.formatsIntro',
      defaultMessage: 'A license downloads as a zip with the audio, license.txt and a PDF certificate.',
    },
    certificate: { id: 'trackPage.certificate', defaultMessage: 'License certificate (PDF) and license.txt' },
    tuning: { id: 'trackPage.tuning', defaultMessage: 'Tuning files' },
    tuningIntro: {
      id: 'trackPage.tuningIntro',
      defaultMessage: 'Free for everyone: play along in {name} on a synth that takes Scala files.',
    },
    scl: { id: 'tuning.scl', defaultMessage: 'Scale (.scl)' },
    kbm: { id: 'tuning.kbm', defaultMessage: 'Keyboard mapping (.kbm)' },
    kbmHint: { id: 'tuning.kbmHint', defaultMessage: 'Tonic {note} on its key' },
    sclHint: { id: 'tuning.sclHint', defaultMessage: 'The maqam’s steps in cents' },
    howTo: { id: 'tuning.howTo', defaultMessage: 'How to load tuning files' },
  }),
);

const fileLink =
  'flex items-center gap-3 rounded-xl border border-line bg-ink-900/60 px-4 py-3 text-sm transition-colors hover:border-accent/60 hover:bg-white/[0.04]';

/**
 * What a licence delivers (the formats the downloads list names: "MP3 · 320 kbps", "WAV · 24-bit ·
 * 48 kHz", with license.txt and the certificate) and the item's free tuning files (issue 18: the
 * tuning menu's `.scl` and `.kbm`, here as plain links).
 */
export function TrackDelivery({ track }: { track: TrackDetailDto }) {
  const intl = useIntl();
  const tuning = hasTuning(track);
  const name = musicalSummaryOf({ ...track, iqa: null }, intl.locale) ?? '';
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section
        aria-labelledby="track-formats-title"
        className="rounded-2xl border border-line bg-surface/60 p-5 sm:p-6"
      >
        <h2 id="track-formats-title" className="text-xl font-bold text-fg">
          {intl.formatMessage(text.formats)}
        </h2>
        <p className="mt-2 text-sm text-fg-muted">{intl.formatMessage(text.formatsIntro)}</p>
        <ul className="mt-4 space-y-2">
          {track.formats.map((format) => (
            <li key={format.format} className="flex items-center gap-3 text-sm text-fg">
              <span className="rounded-md bg-accent/10 px-2 py-0.5 text-xs font-bold tracking-wide text-accent uppercase ring-1 ring-accent/30">
                {format.format}
              </span>
              <bdi dir="ltr">{format.label}</bdi>
            </li>
          ))}
          <li className="flex items-center gap-3 text-sm text-fg-muted">
            <span className="rounded-md bg-white/5 px-2 py-0.5 text-xs font-bold tracking-wide text-fg-muted uppercase ring-1 ring-line">
              PDF
            </span>
            {intl.formatMessage(text.certificate)}
          </li>
        </ul>
      </section>
      {tuning ? (
        <section
          aria-labelledby="track-tuning-title"
          className="rounded-2xl border border-line bg-surface/60 p-5 sm:p-6"
        >
          <h2 id="track-tuning-title" className="text-xl font-bold text-fg">
            {intl.formatMessage(text.tuning)}
          </h2>
          <p className="mt-2 text-sm text-fg-muted">{intl.formatMessage(text.tuningIntro, { name })}</p>
          <div className="mt-4 grid gap-2">
            <a href={tuningFileUrl(track.kind, track.id, 'scl')} download className={fileLink}>
              <DownloadIcon className="size-4 shrink-0 text-accent" />
              <span className="flex min-w-0 flex-col">
                <span className="font-semibold text-fg">{intl.formatMessage(text.scl)}</span>
                <span className="text-xs text-fg-subtle">{intl.formatMessage(text.sclHint)}</span>
              </span>
            </a>
            <a href={tuningFileUrl(track.kind, track.id, 'kbm')} download className={fileLink}>
              <DownloadIcon className="size-4 shrink-0 text-accent" />
              <span className="flex min-w-0 flex-col">
                <span className="font-semibold text-fg">{intl.formatMessage(text.kbm)}</span>
                <span className="text-xs text-fg-subtle">
                  {intl.formatMessage(text.kbmHint, { note: noteName(track.key ?? '', intl.locale) })}
                </span>
              </span>
            </a>
          </div>
          <Link
            to={paths.tuningHelp.getHref()}
            className="mt-3 inline-block text-sm font-semibold text-accent hover:text-accent-hover"
          >
            {intl.formatMessage(text.howTo)}
          </Link>
        </section>
      ) : null}
    </div>
  );
}

import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TrackDetailDto } from '@tarab/contracts';
import { ShieldCheckIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { formatPrice } from '@/lib/format';
import { untypedMessages } from './untyped-messages';

/** Who is looking: prices are for logged-in users only (spec §6); subscribers download anything. */
export type LicenseViewer = 'visitor' | 'user' | 'subscriber';

const text = untypedMessages(
  defineMessages({
    title: { id: 'trackPage.licenses', defaultMessage: 'License options' },
    intro: {
      id: 'trackPage.licensesIntro',
      defaultMessage: 'Royalty-free, worldwide and without time limit, whichever way you license it.',
    },
    single: { id: 'trackPage.single', defaultMessage: 'Single-track license' },
    singleLoop: { id: 'trackPage.singleLoop', defaultMessage: 'This loop' },
    subscription: { id: 'trackPage.subscription', defaultMessage: 'Subscription' },
    included: { id: 'trackPage.included', defaultMessage: 'Included in your subscription' },
    priceOnLogin: { id: 'trackPage.priceOnLogin', defaultMessage: 'Log in to see the price' },
    loopsBySubscription: {
      id: 'trackPage.loopsBySubscription',
      defaultMessage: 'Loops are licensed with a subscription.',
    },
    fromPerMonth: { id: 'trackPage.fromPerMonth', defaultMessage: 'From {price} a month' },
    seePlans: { id: 'trackPage.seePlans', defaultMessage: 'See the plans' },
    coverUse: {
      id: 'trackPage.cover.use',
      defaultMessage: 'Your own productions: video, film, podcasts, games, advertising and social media',
    },
    coverForever: {
      id: 'trackPage.cover.forever',
      defaultMessage: 'Worldwide and without time limit, with no further royalties to pay',
    },
    coverFiles: {
      id: 'trackPage.cover.files',
      defaultMessage: 'The MP3 and the lossless WAV, with your license key and certificate',
    },
    coverNot: {
      id: 'trackPage.cover.not',
      defaultMessage: 'Not for reselling or sharing the audio file itself',
    },
    coverAll: {
      id: 'trackPage.cover.all',
      defaultMessage: 'Every track and loop in the store, each download licensed the same way',
    },
    coverCancel: { id: 'trackPage.cover.cancel', defaultMessage: 'Monthly or yearly; cancel any time' },
    terms: { id: 'trackPage.terms', defaultMessage: 'The Terms of Use govern every license.' },
  }),
);

function Covers({ items, excluded }: { items: string[]; excluded?: string }) {
  return (
    <ul className="mt-4 space-y-2.5 text-sm">
      {items.map((item) => (
        <li key={item} className="flex gap-2 text-fg-muted">
          <span aria-hidden="true" className="inline-flex w-3.5 shrink-0 justify-center text-accent">
            ✓
          </span>
          {item}
        </li>
      ))}
      {excluded ? (
        <li className="flex gap-2 text-fg-subtle">
          <span aria-hidden="true" className="inline-flex w-3.5 shrink-0 justify-center">
            ×
          </span>
          {excluded}
        </li>
      ) : null}
    </ul>
  );
}

type LicenseOptionsProps = {
  track: TrackDetailDto;
  viewer: LicenseViewer;
  /** The track's one primary action (Download / License · $7.99 / License), composed by `src/app`. */
  primaryAction: ReactNode;
  /** The cheapest monthly price of the plans, in cents (shown to logged-in users), if known. */
  subscriptionFromCents?: number | null | undefined;
};

/**
 * The licence options of a track's page (issue #32): the single-track licence with its price (logged-in
 * users only, spec §6) and what it covers, and the subscription. A subscriber sees the track as included.
 * Loops are licensed by subscription only, as in the rows.
 */
export function LicenseOptions({ track, viewer, primaryAction, subscriptionFromCents }: LicenseOptionsProps) {
  const intl = useIntl();
  const loop = track.kind === 'loop';
  const price = viewer !== 'visitor' && track.price !== undefined ? formatPrice(Math.round(track.price * 100)) : null;
  const covers = [
    intl.formatMessage(text.coverUse),
    intl.formatMessage(text.coverForever),
    intl.formatMessage(text.coverFiles),
  ];
  const card = 'flex flex-col rounded-2xl border p-5 sm:p-6';

  return (
    <section aria-labelledby="track-licenses-title">
      <h2 id="track-licenses-title" className="text-2xl font-bold text-fg sm:text-3xl">
        {intl.formatMessage(text.title)}
      </h2>
      <p className="mt-2 max-w-prose text-fg-muted">{intl.formatMessage(text.intro)}</p>
      <div className="mt-5 grid gap-4 md:grid-cols-2">
        <article
          data-license="single"
          className={cx(
            card,
            viewer === 'subscriber' ? 'border-line bg-surface/40' : 'border-accent/40 bg-accent/[0.05] shadow-glow',
          )}
        >
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
            <h3 className="text-lg font-bold text-fg">{intl.formatMessage(loop ? text.singleLoop : text.single)}</h3>
            {viewer === 'subscriber' ? (
              <span className="inline-flex items-center gap-1.5 rounded-full bg-secondary/10 px-2.5 py-1 text-xs font-semibold text-secondary ring-1 ring-secondary/30">
                <ShieldCheckIcon className="size-3.5" />
                {intl.formatMessage(text.included)}
              </span>
            ) : loop ? null : price ? (
              <p className="text-2xl font-bold text-fg tabular-nums" data-testid="license-price">
                {price}
              </p>
            ) : viewer === 'visitor' ? (
              <p className="text-sm text-fg-subtle">{intl.formatMessage(text.priceOnLogin)}</p>
            ) : null}
          </div>
          {loop && viewer !== 'subscriber' ? (
            <p className="mt-2 text-sm text-fg-muted">{intl.formatMessage(text.loopsBySubscription)}</p>
          ) : null}
          <Covers items={covers} excluded={intl.formatMessage(text.coverNot)} />
          <div className="mt-auto flex flex-wrap items-center gap-3 pt-6">{primaryAction}</div>
        </article>
        <article data-license="subscription" className={cx(card, 'border-line bg-surface/60')}>
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
            <h3 className="text-lg font-bold text-fg">{intl.formatMessage(text.subscription)}</h3>
            {viewer === 'user' && subscriptionFromCents ? (
              <p className="text-sm font-semibold text-fg tabular-nums">
                {intl.formatMessage(text.fromPerMonth, { price: formatPrice(subscriptionFromCents) })}
              </p>
            ) : null}
          </div>
          <Covers
            items={[intl.formatMessage(text.coverAll), ...covers.slice(0, 2), intl.formatMessage(text.coverCancel)]}
          />
          <div className="mt-auto pt-6">
            <Link
              to={paths.pricing.getHref()}
              className="inline-flex items-center rounded-full border border-line-strong px-4 py-2 text-sm font-semibold text-fg transition-colors hover:border-accent hover:text-accent"
            >
              {intl.formatMessage(text.seePlans)}
            </Link>
          </div>
        </article>
      </div>
      <p className="mt-3 text-xs text-fg-subtle">
        <Link to={paths.termsOfUse.getHref()} className="underline-offset-2 hover:text-fg hover:underline">
          <FormattedMessage {...text.terms} />
        </Link>
      </p>
    </section>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import { Container } from '@/components/ui/container';
import { ArrowRightIcon } from '@/components/ui/icons';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { useCatalogStats } from '../api/get-catalog-stats';
import { roundedCount } from '../lib/rounded-count';
import { StarRosette } from './star-rosette';
import { WaveformStrip } from './waveform-strip';

/** Until the counts are here (and in the prerendered page): a dash, the same width of line. */
const PENDING = '—';

/**
 * The home banner (spec §2 "Home"): headline, tagline, Explore button, and the catalog's real
 * counts, rounded down ("90+ tracks"), instead of the spec's fixed 50,000 / 200,000 claims
 * (issue #24, decision 018).
 */
export function HomeHero() {
  const counts = useCatalogStats().data;
  const intl = useIntl();
  const stats = [
    {
      value: counts ? roundedCount(counts.tracks) : PENDING,
      label: intl.formatMessage({ id: 'home.stats.tracks', defaultMessage: 'tracks' }),
    },
    {
      value: counts ? roundedCount(counts.loops) : PENDING,
      label: intl.formatMessage({ id: 'home.stats.loops', defaultMessage: 'loops' }),
    },
    {
      value: intl.formatNumber(1, { style: 'percent' }),
      label: intl.formatMessage({ id: 'home.stats.royaltyFree', defaultMessage: 'royalty-free' }),
    },
  ];
  return (
    <section aria-labelledby="home-hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-20 bg-[radial-gradient(ellipse_60%_55%_at_15%_0%,rgb(229_158_28/0.20),transparent_70%),radial-gradient(ellipse_45%_50%_at_95%_30%,rgb(31_168_150/0.16),transparent_70%),radial-gradient(ellipse_50%_40%_at_60%_110%,rgb(224_68_90/0.12),transparent_70%)]"
      />
      <div
        aria-hidden="true"
        className="pattern-stars absolute inset-0 -z-10 opacity-[0.09] [mask-image:radial-gradient(ellipse_70%_70%_at_50%_30%,black,transparent)]"
      />

      <Container className="grid grid-cols-1 items-center gap-12 pt-14 pb-10 sm:pt-20 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,0.8fr)] lg:pt-24 lg:pb-16">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-accent/30 bg-accent/10 px-3.5 py-1.5 text-xs font-semibold tracking-eyebrow text-accent uppercase">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-accent" />
            {intl.locale === 'ar' ? (
              <>
                <span lang="ar" className="font-display text-sm tracking-normal">
                  طرب
                </span>{' '}
                · <span lang="en">Tarab</span>
              </>
            ) : (
              <>
                Tarab ·{' '}
                <span lang="ar" dir="rtl" className="font-display text-sm tracking-normal">
                  طرب
                </span>
              </>
            )}
          </p>
          <h1 id="home-hero-title" className="mt-6 text-hero font-bold tracking-tight text-fg">
            <FormattedMessage
              id="home.hero.title"
              defaultMessage="The world’s first dedicated <em><nowrap>royalty-free</nowrap> oriental music</em> store"
              values={{
                em: (chunks) => (
                  <span className="bg-gradient-to-r from-saffron-200 via-saffron-400 to-saffron-500 bg-clip-text text-transparent rtl:bg-gradient-to-l">
                    {chunks}
                  </span>
                ),
                nowrap: (chunks) => <span className="whitespace-nowrap">{chunks}</span>,
              }}
            />
          </h1>
          <p className="mt-5 font-display text-xl font-semibold text-sand-200 sm:text-2xl">
            <FormattedMessage id="home.hero.tagline" defaultMessage="Curated for artists - producers And fans" />
          </p>
          <p className="mt-4 max-w-xl text-base leading-7 text-fg-muted sm:text-lg sm:leading-8">
            <FormattedMessage
              id="home.hero.text"
              defaultMessage="Oud, qanun, ney, darbuka and lush strings — tracks and loops rooted in the maqam tradition and produced for today’s films, games and records."
            />
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <LinkButton to={paths.music.getHref()} size="lg">
              <FormattedMessage id="home.hero.explore" defaultMessage="Explore" />
              <ArrowRightIcon className="size-5" />
            </LinkButton>
            <LinkButton to={paths.loops.getHref()} size="lg" variant="secondary">
              <FormattedMessage id="nav.loops" defaultMessage="Loops & tracks" />
            </LinkButton>
          </div>
          <dl
            aria-label={intl.formatMessage({ id: 'home.stats.label', defaultMessage: 'The catalog' })}
            aria-busy={counts ? undefined : true}
            className="mt-10 grid max-w-lg grid-cols-3 gap-4 border-t border-line pt-6"
          >
            {stats.map((stat) => (
              <div key={stat.label} className="flex min-w-0 flex-col">
                <dt className="text-xs text-fg-subtle sm:text-sm">{stat.label}</dt>
                <dd className="order-first font-display text-2xl font-bold text-fg sm:text-3xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <StarRosette className="mx-auto hidden w-full max-w-md lg:block" />
      </Container>

      <WaveformStrip className="h-16 w-full sm:h-20" />
    </section>
  );
}

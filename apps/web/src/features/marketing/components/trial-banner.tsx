import { FormattedMessage } from 'react-intl';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';

/** Call to action for the plans (spec §9: 30-day free trial, save up to 60%). */
export function TrialBanner() {
  return (
    <section aria-labelledby="trial-title" className="pt-16 sm:pt-20">
      <Container>
        <div className="relative isolate overflow-hidden rounded-2xl border border-accent/25 bg-gradient-to-br from-ink-800 via-ink-850 to-ink-900 px-6 py-12 shadow-card sm:px-12">
          <div
            aria-hidden="true"
            className="pattern-stars absolute inset-0 -z-10 opacity-[0.08] [mask-image:linear-gradient(to_left,black,transparent_75%)]"
          />
          <div
            aria-hidden="true"
            className="absolute -end-24 -bottom-32 -z-10 size-80 rounded-full bg-saffron-500/20 blur-3xl"
          />
          <div className="flex flex-col gap-8 md:flex-row md:items-center md:justify-between">
            <div className="max-w-xl">
              <h2 id="trial-title" className="text-3xl font-bold text-fg sm:text-4xl">
                <FormattedMessage id="home.trial.title" defaultMessage="Unlimited downloads, one subscription" />
              </h2>
              <p className="mt-3 text-fg-muted">
                <FormattedMessage
                  id="home.trial.text"
                  defaultMessage="Start with a 30-day free trial and save up to 60% with yearly billing."
                />
              </p>
            </div>
            <LinkButton to={paths.pricing.getHref()} size="lg" className="self-start md:self-auto">
              <FormattedMessage id="home.trial.cta" defaultMessage="See pricing" />
            </LinkButton>
          </div>
        </div>
      </Container>
    </section>
  );
}

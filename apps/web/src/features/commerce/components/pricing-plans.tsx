import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import { commonMessages } from '@/lib/i18n/common-messages';
import { planText } from '../lib/plan-texts';
import { bestYearlySavingPercent } from '@tarab/contracts';
import { useState, type ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { useProducts } from '../api/get-products';
import { formatUsd } from '../lib/money';
import { checkoutHrefOf, toOffer, type Interval, type PlanOffer } from '../lib/plans';
import { PlanFeatures } from './plan-features';

/**
 * The yearly/monthly toggle. "Save up to …%" is computed from the plans' prices (the best yearly
 * saving, rounded down), so it cannot say more than the data: shown once the plans are here.
 */
function BillingToggle({
  value,
  onChange,
  saving,
}: {
  value: Interval;
  onChange: (value: Interval) => void;
  saving: number | null;
}) {
  const intl = useIntl();
  const option = (interval: Interval, label: string) => (
    <button
      type="button"
      aria-pressed={value === interval}
      onClick={() => onChange(interval)}
      className={cx(
        'h-10 rounded-full px-5 text-sm font-semibold transition-colors',
        value === interval ? 'bg-accent text-on-accent shadow-glow' : 'text-fg-muted hover:bg-white/5 hover:text-fg',
      )}
    >
      {label}
    </button>
  );
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <div
        role="group"
        aria-label={intl.formatMessage({ id: 'pricing.billingPeriod', defaultMessage: 'Billing period' })}
        className="inline-flex rounded-full border border-line bg-surface p-1"
      >
        {option('year', intl.formatMessage({ id: 'pricing.yearly', defaultMessage: 'Yearly' }))}
        {option('month', intl.formatMessage({ id: 'pricing.monthly', defaultMessage: 'Monthly' }))}
      </div>
      {saving !== null && saving > 0 ? (
        <span className="rounded-full bg-secondary/10 px-3 py-1 text-sm font-semibold text-secondary ring-1 ring-secondary/30">
          <FormattedMessage
            id="pricing.saveUpTo"
            defaultMessage="Save up to {percent}"
            values={{ percent: intl.formatNumber(saving / 100, { style: 'percent' }) }}
          />
        </span>
      ) : null}
    </div>
  );
}

function OfferCard({
  offer,
  interval,
  trialDays,
  featured,
}: {
  offer: PlanOffer;
  interval: Interval;
  trialDays: number;
  featured: boolean;
}) {
  const quoted = offer.monthly === null || offer.priceId === null;
  const titleId = `plan-${offer.code}`;
  const intl = useIntl();
  return (
    <li
      aria-labelledby={titleId}
      className={cx(
        'relative flex flex-col rounded-2xl border p-6 shadow-card sm:p-8',
        featured
          ? 'border-accent/60 bg-gradient-to-b from-ink-800 to-surface ring-1 ring-accent/30'
          : 'border-line bg-surface',
      )}
    >
      {featured ? (
        <p className="absolute -top-3 start-6 rounded-full bg-accent px-3 py-0.5 text-xs font-bold text-on-accent">
          <FormattedMessage id="pricing.mostPopular" defaultMessage="Most popular" />
        </p>
      ) : null}
      <h2 id={titleId} className="text-2xl font-bold text-fg">
        {planText(intl, offer.name)}
      </h2>
      <p className="mt-2 text-sm text-fg-muted md:min-h-10">{planText(intl, offer.description)}</p>

      <div className="mt-6 md:min-h-20">
        {quoted ? (
          <p className="text-3xl font-bold text-fg">
            <FormattedMessage id="pricing.requestQuote" defaultMessage="Request a quote" />
          </p>
        ) : (
          <>
            <p className="flex flex-wrap items-baseline gap-1">
              <span className="text-4xl font-bold text-fg tabular-nums">{formatUsd(offer.monthly ?? 0)}</span>
              <span className="text-fg-muted">
                <FormattedMessage id="pricing.perMonth" defaultMessage="/month" />
              </span>
            </p>
            <p className="mt-1 text-sm text-fg-subtle">
              {interval === 'year' && offer.billedYearly !== null
                ? intl.formatMessage(
                    { id: 'pricing.billedYearlyAt', defaultMessage: 'Billed yearly at {amount}' },
                    { amount: formatUsd(offer.billedYearly) },
                  )
                : intl.formatMessage({ id: 'pricing.billedMonthly', defaultMessage: 'Billed monthly' })}
            </p>
          </>
        )}
      </div>

      {!quoted && trialDays > 0 ? (
        <p className="mt-4 inline-flex self-start rounded-full bg-white/5 px-3 py-1 text-xs font-semibold text-fg ring-1 ring-line">
          <FormattedMessage
            id="pricing.trialDays"
            defaultMessage="{days}-day free trial"
            values={{ days: String(trialDays) }}
          />
        </p>
      ) : null}

      <PlanFeatures features={offer.features} comingSoon={offer.comingSoon} className="mt-6" />

      <div className="mt-auto pt-8">
        <LinkButton
          // The chosen plan and interval go to the checkout (a visitor logs in first and comes back to it).
          to={quoted || offer.priceId === null ? paths.enterprise.getHref() : checkoutHrefOf(offer.priceId)}
          variant={featured ? 'primary' : 'secondary'}
          className="w-full"
          aria-label={
            quoted
              ? intl.formatMessage(
                  { id: 'pricing.requestQuoteFor', defaultMessage: 'Request a quote for {plan}' },
                  { plan: planText(intl, offer.name) },
                )
              : intl.formatMessage(
                  { id: 'pricing.startTrialOf', defaultMessage: 'Start free trial of {plan}' },
                  { plan: planText(intl, offer.name) },
                )
          }
        >
          {quoted ? (
            <FormattedMessage id="pricing.requestQuote" defaultMessage="Request a quote" />
          ) : (
            <FormattedMessage id="pricing.startTrial" defaultMessage="Start free trial" />
          )}
        </LinkButton>
      </div>
    </li>
  );
}

/**
 * The three plans of the pricing page (spec §2, §9) with the yearly/monthly toggle, yearly by
 * default. Amounts, features and the trial length come from `/api/stripe/products`; a loading state
 * shows until they arrive.
 */
export function PricingPlans() {
  const [interval, setBilling] = useState<Interval>('year');
  const products = useProducts();
  const intl = useIntl();
  const saving = products.data ? bestYearlySavingPercent(products.data.data) : null;

  let body: ReactNode;
  if (products.isPending) {
    body = <LoadingState label={intl.formatMessage({ id: 'pricing.loading', defaultMessage: 'Loading plans…' })} />;
  } else if (products.isError) {
    body = (
      <EmptyState
        title={intl.formatMessage({ id: 'pricing.unavailable', defaultMessage: 'Plans unavailable' })}
        description={errorText(intl, products.error)}
      />
    );
  } else if (products.data.data.length === 0) {
    body = <EmptyState title={intl.formatMessage({ id: 'pricing.none', defaultMessage: 'No plans available yet.' })} />;
  } else {
    const trialDays = products.data.trial_days;
    body = (
      <>
        <ul className="grid gap-6 md:grid-cols-3">
          {products.data.data.map((product) => (
            <OfferCard
              key={product.code}
              offer={toOffer(product, interval)}
              interval={interval}
              trialDays={trialDays}
              featured={product.code === 'pro'}
            />
          ))}
        </ul>
        <p className="text-center text-sm text-fg-subtle">
          <FormattedMessage
            id="pricing.footnote"
            defaultMessage="Prices in US dollars. Creator and Pro start with a {days}-day free trial; cancel any time before it ends."
            values={{ days: String(trialDays) }}
          />{' '}
          {intl.formatMessage(commonMessages.trialOncePerCard)}
        </p>
      </>
    );
  }

  return (
    <div className="space-y-10">
      <BillingToggle value={interval} onChange={setBilling} saving={saving} />
      {body}
    </div>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import { planText } from '../lib/plan-texts';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { commonMessages } from '@/lib/i18n/common-messages';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/loading-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useProducts } from '../api/get-products';
import { formatDollars } from '../lib/money';
import { intervalName, intervalText } from '../lib/interval-messages';
import { checkoutHrefOf, toPriceCards, type PlanPriceCard } from '../lib/plans';
import { formatDate, readSubscriptions, type CurrentSubscription } from '../lib/subscription';
import { PlanFeatures } from './plan-features';
import { WhatYouCanDoNow } from './what-you-can-do-now';

type SubscriptionPlansPageProps = {
  /** `user.subscriptions` of the signed-in user (spec §3). */
  subscriptions: readonly unknown[] | undefined;
  /** After unsubscribing: refresh `/api/me`. */
  onChanged: () => Promise<void> | void;
};

function PlanCard({
  card,
  highlighted,
  children,
}: {
  card: Pick<
    PlanPriceCard,
    'name' | 'description' | 'amount' | 'currency' | 'interval' | 'intervalCount' | 'features' | 'comingSoon'
  >;
  highlighted?: boolean;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <li
      className={cx(
        'flex flex-col rounded-2xl border bg-surface p-6 shadow-card',
        highlighted ? 'border-accent/60 ring-1 ring-accent/30' : 'border-line',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-2xl font-bold text-fg">{planText(intl, card.name)}</h2>
        <span className="rounded-full bg-white/5 px-2.5 py-0.5 text-xs font-semibold text-fg-muted ring-1 ring-line">
          {intervalName(intl, card.interval)}
        </span>
      </div>
      <p className="mt-2 text-sm text-fg-muted">
        <bdi>{planText(intl, card.description)}</bdi>
      </p>
      <p className="mt-5 flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-bold text-fg tabular-nums">
          {formatDollars(card.amount / 100, card.currency)}
        </span>
        <span className="text-sm text-fg-muted">{intervalText(intl, card.interval, card.intervalCount)}</span>
      </p>
      {card.features.length > 0 ? (
        <PlanFeatures features={card.features} comingSoon={card.comingSoon} className="mt-5" />
      ) : null}
      <div className="mt-auto pt-6">{children}</div>
    </li>
  );
}

function SubscriptionStatus({ subscription }: { subscription: CurrentSubscription }) {
  const end = formatDate(subscription.current_period_end);
  if (subscription.cancel_at_period_end) {
    return (
      <p className="text-sm font-medium text-danger">
        <FormattedMessage id="subscriptions.cancelsOn" defaultMessage="Cancels on {date}" values={{ date: end }} />
      </p>
    );
  }
  if (subscription.status === 'trialing' && subscription.trial_end) {
    return (
      <p className="text-sm text-fg-muted">
        <FormattedMessage
          id="subscriptions.trialUntil"
          defaultMessage="Free trial until {date}"
          values={{ date: formatDate(subscription.trial_end) }}
        />
      </p>
    );
  }
  return (
    <p className="text-sm text-fg-muted">
      <FormattedMessage id="subscriptions.renewsOn" defaultMessage="Renews on {date}" values={{ date: end }} />
    </p>
  );
}

function SubscribedPlan({
  subscription,
  cards,
  onChanged,
}: {
  subscription: CurrentSubscription;
  cards: PlanPriceCard[];
  onChanged: () => Promise<void> | void;
}) {
  const cancel = useCancelSubscription();
  const [canceled, setCanceled] = useState<CurrentSubscription | null>(null);
  const current = canceled ?? subscription;
  const fromCatalogue = cards.find((c) => c.priceId === current.stripe_price);
  const card = fromCatalogue ?? {
    name: current.plan.name,
    description: '',
    amount: current.unit_amount,
    currency: 'usd',
    interval: current.interval === 'year' ? ('year' as const) : ('month' as const),
    intervalCount: 1,
    features: [],
    comingSoon: [],
  };

  const unsubscribe = () =>
    cancel.mutate(undefined, {
      onSuccess: async (result) => {
        setCanceled({ ...current, ...readSubscriptions([result.data.subscription])[0] });
        toast.info(commonMessages.unsubscribed);
        await onChanged();
      },
      onError: (error) => toast.error(error),
    });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] lg:items-start">
      <ul className="grid gap-6">
        <PlanCard card={card} highlighted>
          <div className="space-y-4">
            <SubscriptionStatus subscription={current} />
            {current.cancel_at_period_end ? null : (
              <Button variant="secondary" className="w-full" onClick={unsubscribe} disabled={cancel.isPending}>
                {cancel.isPending ? (
                  <FormattedMessage id="subscriptions.processing" defaultMessage="Processing..." />
                ) : (
                  <FormattedMessage id="subscriptions.unsubscribe" defaultMessage="Unsubscribe" />
                )}
              </Button>
            )}
          </div>
        </PlanCard>
      </ul>
      <WhatYouCanDoNow />
    </div>
  );
}

/**
 * `/subscription-plan` (spec §2 "Subscription plans"): `Subscribed Plan` with the user's own
 * plan and Unsubscribe, else `Subscription Plans` cheapest first, each with Subscribe.
 */
export function SubscriptionPlansPage({ subscriptions, onChanged }: SubscriptionPlansPageProps) {
  const products = useProducts();
  const navigate = useNavigate();
  const intl = useIntl();
  const current = readSubscriptions(subscriptions)[0];
  const cards = products.data ? toPriceCards(products.data.data) : [];

  let body: ReactNode;
  if (products.isPending && !current) {
    body = (
      <LoadingState label={intl.formatMessage({ id: 'subscriptions.loading', defaultMessage: 'Loading plans…' })} />
    );
  } else if (current) {
    body = <SubscribedPlan subscription={current} cards={cards} onChanged={onChanged} />;
  } else if (products.isError) {
    body = (
      <EmptyState
        title={intl.formatMessage({ id: 'subscriptions.unavailable', defaultMessage: 'Plans unavailable' })}
        description={errorText(intl, products.error)}
      />
    );
  } else if (cards.length === 0) {
    body = (
      <EmptyState title={intl.formatMessage({ id: 'subscriptions.none', defaultMessage: 'No plans available yet.' })} />
    );
  } else {
    body = (
      <>
        <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {cards.map((card) => (
            <PlanCard key={card.priceId} card={card}>
              <Button
                className="w-full"
                aria-label={intl.formatMessage(
                  { id: 'subscriptions.subscribeTo', defaultMessage: 'Subscribe to {plan} {period}' },
                  { plan: planText(intl, card.name), period: intervalName(intl, card.interval, true) },
                )}
                onClick={() => navigate(checkoutHrefOf(card.priceId), { state: { priceId: card.priceId } })}
              >
                <FormattedMessage id="subscriptions.subscribe" defaultMessage="Subscribe" />
              </Button>
            </PlanCard>
          ))}
        </ul>
        <p className="mt-8 text-sm text-fg-muted">
          <FormattedMessage
            id="subscriptions.enterprise"
            defaultMessage="Need more channels or custom terms? <link>Enterprise: Request a quote</link>"
            values={{
              link: (chunks) => (
                <Link
                  to={paths.enterprise.getHref()}
                  className="font-semibold text-accent underline-offset-4 hover:underline"
                >
                  {chunks}
                </Link>
              ),
            }}
          />
        </p>
      </>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'subscriptions.eyebrow', defaultMessage: 'Account' })}
        title={
          current
            ? intl.formatMessage({ id: 'subscriptions.subscribedTitle', defaultMessage: 'Subscribed Plan' })
            : intl.formatMessage({ id: 'subscriptions.title', defaultMessage: 'Subscription Plans' })
        }
        description={
          current
            ? intl.formatMessage({
                id: 'subscriptions.subscribedDescription',
                defaultMessage: 'Your plan: download any track or loop for free while it runs.',
              })
            : intl.formatMessage({
                id: 'subscriptions.description',
                defaultMessage: 'Subscribe once and download any track or loop for free. Cancel any time.',
              })
        }
      />
      <Container className="py-12">{body}</Container>
    </>
  );
}

import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import { commonMessages } from '@/lib/i18n/common-messages';
import { planText } from '../lib/plan-texts';
import type { SubscriptionTrial } from '@tarab/contracts';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { confirmCardSetup, type BillingContact } from '../api/confirm-card-setup';
import { useSetupIntent } from '../api/create-setup-intent';
import { useProducts } from '../api/get-products';
import { subscribe } from '../api/subscribe';
import { startSubscriptionCheckout } from '../api/subscription-checkout';
import type { CardInput } from '../lib/card';
import { formatDollars } from '../lib/money';
import { intervalText } from '../lib/interval-messages';
import { toPriceCards } from '../lib/plans';
import { Button } from '@/components/ui/button';
import { CardForm } from './card-form';
import { DueToday } from './due-today';
import { PlanFeatures } from './plan-features';
import { TestModeNotice } from './test-mode-notice';

type SubscriptionCheckoutProps = {
  /** The plan price chosen with the Subscribe button. */
  priceId: string | null;
  /** The cardholder name suggested for the billing details. */
  defaultName?: string;
  /** The user's email and phone, sent with the card setup's billing details (spec §7). */
  contact?: Omit<BillingContact, 'name'>;
  /** After `Subscription Created.`: refresh the user, go to /subscription-plan. */
  onSubscribed: () => Promise<void> | void;
  /** Leaves for the provider's hosted payment page (the `stripe` driver). */
  redirect?: (url: string) => void;
  /**
   * Whether the free trial can apply to this user (the server decides at subscribe time; an account
   * whose email is not confirmed gets none): the summary above Pay then says "$0 today, then …".
   */
  trialExpected?: boolean;
};

const leaveFor = (url: string) => window.location.assign(url);

/** Why no free trial applied, in the words the user sees (the subscription started paid today). */
export const NO_TRIAL_NOTICE: Record<Exclude<SubscriptionTrial['reason'], 'first_subscription'>, MessageDescriptor> = {
  account_had_subscription: commonMessages.noTrialAccountHadSubscription,
  card_had_trial: commonMessages.noTrialCardHadTrial,
  no_card: commonMessages.noTrialWithoutCard,
  email_not_verified: commonMessages.noTrialEmailNotVerified,
};

function ChoosePlan({ title, description }: { title: string; description: string }) {
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <LinkButton to={paths.subscriptionPlan.getHref()}>
          <FormattedMessage id="subscriptionCheckout.seePlans" defaultMessage="See the plans" />
        </LinkButton>
      }
    />
  );
}

/**
 * The subscription checkout (`/stripe-checkout`, spec §2 "Checkout" and §4 "Subscription"):
 * plan chosen → card setup confirmed → subscription created → user refreshed → plans page.
 */
export function SubscriptionCheckout({
  priceId,
  defaultName = '',
  contact,
  onSubscribed,
  redirect = leaveFor,
  trialExpected = true,
}: SubscriptionCheckoutProps) {
  const products = useProducts();
  // With the `stripe` driver Stripe's hosted page takes the card: no setup intent is made here.
  const hosted = products.data?.payment_provider === 'stripe';
  const setup = useSetupIntent(Boolean(priceId) && products.isSuccess && !hosted);
  const [error, setError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const intl = useIntl();

  if (!priceId) {
    return (
      <ChoosePlan
        title={intl.formatMessage({ id: 'subscriptionCheckout.choosePlan', defaultMessage: 'Choose a plan first' })}
        description={intl.formatMessage({
          id: 'subscriptionCheckout.choosePlanText',
          defaultMessage: 'Pick a subscription plan to continue to checkout.',
        })}
      />
    );
  }
  if (products.isPending || (!hosted && setup.isPending)) {
    return (
      <LoadingState
        label={intl.formatMessage({
          id: 'subscriptionCheckout.preparing',
          defaultMessage: 'Preparing secure checkout…',
        })}
      />
    );
  }
  if (products.isError || setup.isError) {
    const cause = products.error ?? setup.error;
    return (
      <EmptyState
        title={intl.formatMessage({ id: 'subscriptionCheckout.unavailable', defaultMessage: 'Checkout unavailable' })}
        description={errorText(intl, cause)}
        action={
          <LinkButton to={paths.subscriptionPlan.getHref()} variant="secondary">
            <FormattedMessage id="subscriptionCheckout.backToPlans" defaultMessage="Back to plans" />
          </LinkButton>
        }
      />
    );
  }

  const plan = toPriceCards(products.data.data).find((card) => card.priceId === priceId);
  if (!plan) {
    return (
      <ChoosePlan
        title={intl.formatMessage({
          id: 'subscriptionCheckout.planUnavailable',
          defaultMessage: 'This plan is not available',
        })}
        description={intl.formatMessage({
          id: 'subscriptionCheckout.planUnavailableText',
          defaultMessage: 'Choose one of the current plans to continue.',
        })}
      />
    );
  }

  const toStripe = async () => {
    setError(null);
    setRedirecting(true);
    try {
      const { checkout_url } = await startSubscriptionCheckout(plan.priceId);
      redirect(checkout_url);
    } catch (cause) {
      setError(errorText(intl, cause));
      setRedirecting(false);
    }
  };

  const pay = async (card: CardInput) => {
    if (!setup.data) return;
    setError(null);
    const { clientSecret } = setup.data;
    let trial: SubscriptionTrial;
    try {
      const { payment_method } = await confirmCardSetup(clientSecret, card, { ...contact, name: defaultName });
      trial = (await subscribe({ price_id: plan.priceId, payment_method })).data.trial;
    } catch (cause) {
      setError(errorText(intl, cause));
      return;
    }
    toast.success(commonMessages.subscriptionCreated);
    if (trial.reason !== 'first_subscription') toast.info(NO_TRIAL_NOTICE[trial.reason], { autoClose: false });
    await onSubscribed();
  };

  const due = (
    <DueToday
      amountCents={plan.amount}
      currency={plan.currency}
      trialDays={trialExpected ? products.data.trial_days : 0}
    />
  );

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:items-start">
      <section
        aria-labelledby="plan-summary"
        className="rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8"
      >
        <p className="text-xs font-semibold tracking-eyebrow text-accent uppercase">
          <FormattedMessage id="subscriptionCheckout.yourPlan" defaultMessage="Your plan" />
        </p>
        <h2 id="plan-summary" className="mt-2 text-3xl font-bold text-fg">
          {planText(intl, plan.name)}
        </h2>
        <p className="mt-2 text-fg-muted">
          <bdi>{planText(intl, plan.description)}</bdi>
        </p>
        <p className="mt-6 flex items-baseline gap-2">
          <span className="text-4xl font-bold text-fg tabular-nums">
            {formatDollars(plan.amount / 100, plan.currency)}
          </span>
          <span className="text-fg-muted">{intervalText(intl, plan.interval, plan.intervalCount)}</span>
        </p>
        {products.data.trial_days > 0 ? (
          <p className="mt-3 inline-flex rounded-full bg-secondary/10 px-3 py-1 text-sm font-medium text-secondary ring-1 ring-secondary/30">
            <FormattedMessage
              id="subscriptionCheckout.trial"
              defaultMessage="{days}-day free trial on your first subscription."
              values={{ days: String(products.data.trial_days) }}
            />{' '}
            {intl.formatMessage(commonMessages.trialOncePerCard)}
          </p>
        ) : null}
        <PlanFeatures features={plan.features} comingSoon={plan.comingSoon} className="mt-6" />
      </section>

      <section
        aria-labelledby="card-title"
        className="space-y-6 rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8"
      >
        <div>
          <h2 id="card-title" className="text-xl font-semibold text-fg">
            <FormattedMessage id="checkout.payment" defaultMessage="Payment" />
          </h2>
          <p className="mt-1 text-fg-muted">
            <FormattedMessage id="subscriptionCheckout.enterCard" defaultMessage="Enter your card details." />
          </p>
        </div>
        {hosted ? (
          <div className="space-y-4">
            <p className="text-sm text-fg-muted">
              <FormattedMessage
                id="subscriptionCheckout.hostedNote"
                defaultMessage="You enter your card on Stripe's secure payment page, then come back here. Tarab never sees your card number."
              />
            </p>
            {error ? (
              <p role="alert" className="text-sm text-danger">
                {error}
              </p>
            ) : null}
            {due}
            <Button className="w-full" onClick={() => void toStripe()} disabled={redirecting}>
              {redirecting ? (
                <FormattedMessage id="subscriptionCheckout.opening" defaultMessage="Opening secure payment…" />
              ) : (
                <FormattedMessage id="subscriptionCheckout.continue" defaultMessage="Continue to secure payment" />
              )}
            </Button>
          </div>
        ) : (
          <>
            <TestModeNotice />
            <CardForm onSubmit={pay} error={error} withName defaultName={defaultName} footer={due} />
          </>
        )}
      </section>
    </div>
  );
}

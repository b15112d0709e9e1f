import type { SubscriptionTrial } from '@tarab/contracts';
import { AccountMessages } from '@tarab/contracts/account-messages';
import { Messages } from '@tarab/contracts/messages';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { confirmCardSetup, type BillingContact } from '../api/confirm-card-setup';
import { useSetupIntent } from '../api/create-setup-intent';
import { useProducts } from '../api/get-products';
import { subscribe } from '../api/subscribe';
import type { CardInput } from '../lib/card';
import { formatDollars } from '../lib/money';
import { intervalLabel, toPriceCards } from '../lib/plans';
import { CardForm } from './card-form';
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
};

/** Why no free trial applied, in the words the user sees (the subscription started paid today). */
const NO_TRIAL_NOTICE: Record<Exclude<SubscriptionTrial['reason'], 'first_subscription'>, string> = {
  account_had_subscription: Messages.noTrialAccountHadSubscription,
  card_had_trial: Messages.noTrialCardHadTrial,
  no_card: Messages.noTrialWithoutCard,
  email_not_verified: AccountMessages.noTrialEmailNotVerified,
};

const errorMessage = (cause: unknown) => (isApiError(cause) ? cause.message : 'Something went wrong');

function ChoosePlan({ title, description }: { title: string; description: string }) {
  return (
    <EmptyState
      title={title}
      description={description}
      action={<LinkButton to={paths.subscriptionPlan.getHref()}>See the plans</LinkButton>}
    />
  );
}

/**
 * The subscription checkout (`/stripe-checkout`, spec §2 "Checkout" and §4 "Subscription"):
 * plan chosen → card setup confirmed → subscription created → user refreshed → plans page.
 */
export function SubscriptionCheckout({ priceId, defaultName = '', contact, onSubscribed }: SubscriptionCheckoutProps) {
  const products = useProducts();
  const setup = useSetupIntent();
  const [error, setError] = useState<string | null>(null);

  if (!priceId) {
    return <ChoosePlan title="Choose a plan first" description="Pick a subscription plan to continue to checkout." />;
  }
  if (products.isPending || setup.isPending) return <LoadingState label="Preparing secure checkout…" />;
  if (products.isError || setup.isError) {
    const cause = products.error ?? setup.error;
    return (
      <EmptyState
        title="Checkout unavailable"
        description={errorMessage(cause)}
        action={
          <LinkButton to={paths.subscriptionPlan.getHref()} variant="secondary">
            Back to plans
          </LinkButton>
        }
      />
    );
  }

  const plan = toPriceCards(products.data.data).find((card) => card.priceId === priceId);
  if (!plan) {
    return <ChoosePlan title="This plan is not available" description="Choose one of the current plans to continue." />;
  }

  const { clientSecret, provider } = setup.data;

  const pay = async (card: CardInput) => {
    setError(null);
    let trial: SubscriptionTrial;
    try {
      const { payment_method } = await confirmCardSetup(clientSecret, card, { ...contact, name: defaultName });
      trial = (await subscribe({ price_id: plan.priceId, payment_method })).data.trial;
    } catch (cause) {
      setError(errorMessage(cause));
      return;
    }
    toast.success(Messages.subscriptionCreated);
    if (trial.reason !== 'first_subscription') toast.info(NO_TRIAL_NOTICE[trial.reason], { autoClose: false });
    await onSubscribed();
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:items-start">
      <section
        aria-labelledby="plan-summary"
        className="rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8"
      >
        <p className="text-xs font-semibold tracking-eyebrow text-accent uppercase">Your plan</p>
        <h2 id="plan-summary" className="mt-2 text-3xl font-bold text-fg">
          {plan.name}
        </h2>
        <p className="mt-2 text-fg-muted">{plan.description}</p>
        <p className="mt-6 flex items-baseline gap-2">
          <span className="text-4xl font-bold text-fg tabular-nums">
            {formatDollars(plan.amount / 100, plan.currency)}
          </span>
          <span className="text-fg-muted">{intervalLabel(plan.interval, plan.intervalCount)}</span>
        </p>
        {products.data.trial_days > 0 ? (
          <p className="mt-3 inline-flex rounded-full bg-secondary/10 px-3 py-1 text-sm font-medium text-secondary ring-1 ring-secondary/30">
            {products.data.trial_days}-day free trial on your first subscription. {Messages.trialOncePerCard}
          </p>
        ) : null}
        <ul className="mt-6 space-y-2 text-sm text-fg-muted">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <span aria-hidden="true" className="text-accent">
                ✓
              </span>
              {feature}
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="card-title"
        className="space-y-6 rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8"
      >
        <div>
          <h2 id="card-title" className="text-xl font-semibold text-fg">
            Payment
          </h2>
          <p className="mt-1 text-fg-muted">Enter your card details.</p>
        </div>
        {provider === 'local' ? (
          <>
            <TestModeNotice />
            <CardForm onSubmit={pay} error={error} withName defaultName={defaultName} />
          </>
        ) : (
          <p role="note" className="rounded-xl border border-line bg-canvas/50 px-4 py-3 text-sm text-fg-muted">
            The Stripe card form needs the Stripe publishable key and the Stripe.js script, which this build does not
            load. Ask the site operator to enable card payments.
          </p>
        )}
      </section>
    </div>
  );
}

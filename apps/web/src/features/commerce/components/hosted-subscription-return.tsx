import { FormattedMessage, useIntl } from 'react-intl';
import { useEffect, useRef } from 'react';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { useConfirmSubscriptionCheckout } from '../api/subscription-checkout';
import { errorText } from '@/lib/i18n/error-text';
import { commonMessages } from '@/lib/i18n/common-messages';
import { NO_TRIAL_NOTICE } from './subscription-checkout';

type HostedSubscriptionReturnProps = {
  /** `session_id` of the URL Stripe sent the user back to. */
  sessionId: string;
  /** After `Subscription Created.`: refresh the user, go to /subscription-plan. */
  onSubscribed: () => Promise<void> | void;
};

/**
 * Back from Stripe's hosted Checkout page (`/stripe-checkout?session_id=…`, the `stripe` driver): the
 * server records the subscription, then the same toasts and hand-over as the card form's.
 */
export function HostedSubscriptionReturn({ sessionId, onSubscribed }: HostedSubscriptionReturnProps) {
  const confirmation = useConfirmSubscriptionCheckout(sessionId);
  const handedOver = useRef(false);
  const intl = useIntl();

  useEffect(() => {
    if (!confirmation.data || handedOver.current) return;
    handedOver.current = true;
    toast.success(commonMessages.subscriptionCreated);
    const { trial } = confirmation.data.data;
    if (trial.reason !== 'first_subscription') toast.info(NO_TRIAL_NOTICE[trial.reason], { autoClose: false });
    void onSubscribed();
  }, [confirmation.data, onSubscribed]);

  if (confirmation.isError) {
    const cause = confirmation.error;
    return (
      <EmptyState
        title={intl.formatMessage({
          id: 'subscriptionCheckout.notStarted',
          defaultMessage: 'Your subscription was not started',
        })}
        description={errorText(intl, cause)}
        action={
          <LinkButton to={paths.subscriptionPlan.getHref()} variant="secondary">
            <FormattedMessage id="subscriptionCheckout.backToPlans" defaultMessage="Back to plans" />
          </LinkButton>
        }
      />
    );
  }
  return (
    <LoadingState
      label={intl.formatMessage({ id: 'subscriptionCheckout.starting', defaultMessage: 'Starting your subscription…' })}
    />
  );
}

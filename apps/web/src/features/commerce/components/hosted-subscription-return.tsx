import { Messages } from '@tarab/contracts/messages';
import { useEffect, useRef } from 'react';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useConfirmSubscriptionCheckout } from '../api/subscription-checkout';
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

  useEffect(() => {
    if (!confirmation.data || handedOver.current) return;
    handedOver.current = true;
    toast.success(Messages.subscriptionCreated);
    const { trial } = confirmation.data.data;
    if (trial.reason !== 'first_subscription') toast.info(NO_TRIAL_NOTICE[trial.reason], { autoClose: false });
    void onSubscribed();
  }, [confirmation.data, onSubscribed]);

  if (confirmation.isError) {
    const cause = confirmation.error;
    return (
      <EmptyState
        title="Your subscription was not started"
        description={isApiError(cause) ? cause.message : 'Something went wrong'}
        action={
          <LinkButton to={paths.subscriptionPlan.getHref()} variant="secondary">
            Back to plans
          </LinkButton>
        }
      />
    );
  }
  return <LoadingState label="Starting your subscription…" />;
}

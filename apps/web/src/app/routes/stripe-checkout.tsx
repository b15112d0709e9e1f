import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { meQueryKey } from '@/features/auth/api/get-me';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { HostedSubscriptionReturn } from '@/features/commerce/components/hosted-subscription-return';
import { SubscriptionCheckout } from '@/features/commerce/components/subscription-checkout';

function priceIdFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('priceId' in state)) return null;
  const { priceId } = state as { priceId: unknown };
  return typeof priceId === 'string' && priceId !== '' ? priceId : null;
}

/** Spec §2 "Checkout" (login-only): card setup, then the subscription. */
export default function StripeCheckoutRoute() {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const intl = useIntl();
  const priceId = search.get('price_id') || priceIdFromState(location.state);
  // Back from Stripe's hosted page (the `stripe` driver).
  const sessionId = search.get('session_id');

  const onSubscribed = async () => {
    // Spec §4: the stored user is updated, then the user goes to /subscription-plan.
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    navigate(paths.subscriptionPlan.getHref());
  };

  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'subscriptionCheckout.eyebrow', defaultMessage: 'Subscription' })}
        title={intl.formatMessage({ id: 'checkout.title', defaultMessage: 'Checkout' })}
        description={intl.formatMessage({
          id: 'subscriptionCheckout.description',
          defaultMessage: 'Start your plan: downloads of every track and loop are free while it runs.',
        })}
      />
      <Container className="py-12">
        {sessionId ? (
          <HostedSubscriptionReturn sessionId={sessionId} onSubscribed={onSubscribed} />
        ) : (
          <SubscriptionCheckout
            priceId={priceId}
            defaultName={user?.name ?? ''}
            contact={{ email: user?.email ?? '', phone: user?.phone ?? null }}
            onSubscribed={onSubscribed}
            trialExpected={user?.email_verified !== false}
          />
        )}
      </Container>
    </>
  );
}

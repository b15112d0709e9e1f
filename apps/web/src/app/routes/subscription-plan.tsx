import { useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/features/auth/api/get-me';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { SubscriptionPlansPage } from '@/features/commerce/components/subscription-plans';

/** Spec §2 "Subscription plans" (login-only). */
export default function SubscriptionPlanRoute() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return (
    <SubscriptionPlansPage
      subscriptions={user?.subscriptions}
      onChanged={() => queryClient.invalidateQueries({ queryKey: meQueryKey })}
    />
  );
}

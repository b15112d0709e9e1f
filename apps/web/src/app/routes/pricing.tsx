import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { PricingPlans } from '@/features/commerce/components/pricing-plans';
import { useAuth } from '@/features/auth/hooks/use-auth';

/** Spec §2 /pricing: three plans with a yearly/monthly toggle (yearly by default). */
export default function PricingRoute() {
  const { isAuthenticated } = useAuth();
  return (
    <>
      <PageHeader
        eyebrow="Plans"
        title="Pricing"
        description="One subscription, unlimited royalty-free downloads. Start with a 30-day free trial — save up to 60%."
      />
      <Container className="py-12 sm:py-16">
        <PricingPlans isAuthenticated={isAuthenticated} />
      </Container>
    </>
  );
}

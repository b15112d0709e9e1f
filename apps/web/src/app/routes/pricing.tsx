import { useIntl } from 'react-intl';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { PricingPlans } from '@/features/commerce/components/pricing-plans';

/** Spec §2 /pricing: three plans with a yearly/monthly toggle (yearly by default). */
export default function PricingRoute() {
  const intl = useIntl();
  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'pricing.eyebrow', defaultMessage: 'Plans' })}
        title={intl.formatMessage({ id: 'footer.pricing', defaultMessage: 'Pricing' })}
        description={intl.formatMessage({
          id: 'pricing.description',
          defaultMessage:
            'One subscription, unlimited royalty-free downloads. Start with a 30-day free trial — save up to 60%.',
        })}
      />
      <Container className="py-12 sm:py-16">
        <PricingPlans />
      </Container>
    </>
  );
}

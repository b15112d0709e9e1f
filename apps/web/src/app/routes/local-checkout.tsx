import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { LocalCheckout } from '@/features/commerce/components/local-checkout';

/** Test-mode card payment page of the `local` payment driver (`/checkout/local/:id`). */
export default function LocalCheckoutRoute() {
  const { id = '' } = useParams();
  const intl = useIntl();
  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'checkout.eyebrow', defaultMessage: 'Secure checkout' })}
        title={intl.formatMessage({ id: 'checkout.title', defaultMessage: 'Checkout' })}
        description={intl.formatMessage({
          id: 'checkout.description',
          defaultMessage: 'Buy royalty-free licences: one per track.',
        })}
      />
      <Container className="py-12">
        <LocalCheckout key={id} sessionId={id} />
      </Container>
    </>
  );
}

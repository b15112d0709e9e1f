import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { PaymentResult } from '@/features/commerce/components/payment-result';

/** Spec §2 /success?session_id&music_id&price: the payment result. */
export default function SuccessRoute() {
  const [search] = useSearchParams();
  const intl = useIntl();
  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'checkout.title', defaultMessage: 'Checkout' })}
        title={intl.formatMessage({ id: 'checkout.payment', defaultMessage: 'Payment' })}
        description={intl.formatMessage({ id: 'payment.description', defaultMessage: 'The result of your purchase.' })}
      />
      <Container className="py-12">
        <PaymentResult
          sessionId={search.get('session_id') ?? ''}
          musicId={search.get('music_id') ?? ''}
          price={search.get('price') ?? ''}
        />
      </Container>
    </>
  );
}

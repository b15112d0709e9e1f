import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { CartPaymentResult } from '@/features/commerce/components/cart-payment-result';

/** /success/playlist?session_id: the result of licensing a whole playlist in one checkout (decision 036). */
export default function SuccessPlaylistRoute() {
  const [search] = useSearchParams();
  const intl = useIntl();
  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'checkout.title', defaultMessage: 'Checkout' })}
        title={intl.formatMessage({ id: 'checkout.payment', defaultMessage: 'Payment' })}
        description={intl.formatMessage({
          id: 'playlistPayment.description',
          defaultMessage: "Your playlist's licences.",
        })}
      />
      <Container className="py-12">
        <CartPaymentResult sessionId={search.get('session_id') ?? ''} />
      </Container>
    </>
  );
}

import { useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { CartPaymentResult } from '@/features/commerce/components/cart-payment-result';

/** /success/playlist?session_id: the result of licensing a whole playlist in one checkout (decision 036). */
export default function SuccessPlaylistRoute() {
  const [search] = useSearchParams();
  return (
    <>
      <PageHeader eyebrow="Checkout" title="Payment" description="Your playlist's licences." />
      <Container className="py-12">
        <CartPaymentResult sessionId={search.get('session_id') ?? ''} />
      </Container>
    </>
  );
}

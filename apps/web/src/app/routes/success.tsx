import { useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { PaymentResult } from '@/features/commerce/components/payment-result';

/** Spec §2 /success?session_id&music_id&price: the payment result. */
export default function SuccessRoute() {
  const [search] = useSearchParams();
  return (
    <>
      <PageHeader eyebrow="Checkout" title="Payment" description="The result of your purchase." />
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

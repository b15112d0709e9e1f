import { useParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { LocalCheckout } from '@/features/commerce/components/local-checkout';

/** Test-mode card payment page of the `local` payment driver (`/checkout/local/:id`). */
export default function LocalCheckoutRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader eyebrow="Secure checkout" title="Checkout" description="Buy royalty-free licences: one per track." />
      <Container className="py-12">
        <LocalCheckout key={id} sessionId={id} />
      </Container>
    </>
  );
}

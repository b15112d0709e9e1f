import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { QuoteForm } from '@/app/compose/quote-form';

const POINTS = [
  'Unlimited channels and platforms, broadcast and cinema included',
  'Custom licence terms and invoicing for your legal team',
  'Curated playlists and exclusive maqam-led commissions',
  'A named contact for every production',
];

/** The Enterprise plan's "Request a quote" (pricing page): a short form the licensing team answers. */
export default function EnterpriseRoute() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader
        eyebrow="Enterprise"
        title="Request a quote"
        description="Custom licensing for agencies, studios and broadcasters. Tell us about your project and we reply within two business days."
      />
      <Container className="grid gap-10 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,40rem)] lg:items-start">
        <ul className="space-y-4 text-fg-muted">
          {POINTS.map((point) => (
            <li key={point} className="flex gap-3">
              <span aria-hidden="true" className="text-accent">
                ✓
              </span>
              {point}
            </li>
          ))}
        </ul>
        <QuoteForm defaults={user ? { name: user.name, email: user.email } : undefined} />
      </Container>
    </>
  );
}

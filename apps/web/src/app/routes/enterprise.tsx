import { defineMessages, useIntl } from 'react-intl';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { QuoteForm } from '@/app/compose/quote-form';

const m = defineMessages({
  channels: {
    id: 'enterprise.point.channels',
    defaultMessage: 'Unlimited channels and platforms, broadcast and cinema included',
  },
  terms: { id: 'enterprise.point.terms', defaultMessage: 'Custom licence terms and invoicing for your legal team' },
  playlists: {
    id: 'enterprise.point.playlists',
    defaultMessage: 'Curated playlists and exclusive maqam-led commissions',
  },
  contact: { id: 'enterprise.point.contact', defaultMessage: 'A named contact for every production' },
});

const POINTS = [m.channels, m.terms, m.playlists, m.contact];

/** The Enterprise plan's "Request a quote" (pricing page): a short form the licensing team answers. */
export default function EnterpriseRoute() {
  const { user } = useAuth();
  const intl = useIntl();
  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'enterprise.eyebrow', defaultMessage: 'Enterprise' })}
        title={intl.formatMessage({ id: 'pricing.requestQuote', defaultMessage: 'Request a quote' })}
        description={intl.formatMessage({
          id: 'enterprise.description',
          defaultMessage:
            'Custom licensing for agencies, studios and broadcasters. Tell us about your project and we reply within two business days.',
        })}
      />
      <Container className="grid gap-10 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,40rem)] lg:items-start">
        <ul className="space-y-4 text-fg-muted">
          {POINTS.map((point) => (
            <li key={point.id} className="flex gap-3">
              <span aria-hidden="true" className="text-accent">
                ✓
              </span>
              {intl.formatMessage(point)}
            </li>
          ))}
        </ul>
        <QuoteForm defaults={user ? { name: user.name, email: user.email } : undefined} />
      </Container>
    </>
  );
}

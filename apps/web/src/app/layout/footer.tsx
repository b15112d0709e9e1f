import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Container } from '@/components/ui/container';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { footerGroups } from './nav-links';

export function Footer() {
  const year = new Date().getFullYear();
  const intl = useIntl();
  return (
    <footer className="relative isolate mt-16 overflow-hidden border-t border-line bg-ink-900">
      <div
        aria-hidden="true"
        className="pattern-stars absolute inset-0 -z-10 opacity-[0.05] [mask-image:linear-gradient(to_top,black,transparent_70%)]"
      />
      <Container className="grid gap-10 py-14 md:grid-cols-[1.4fr_repeat(3,1fr)] md:gap-8">
        <div className="max-w-sm">
          <Link
            to={paths.home.getHref()}
            aria-label={intl.formatMessage({ id: 'layout.homeLink', defaultMessage: 'Tarab home' })}
            className="inline-block rounded-lg"
          >
            <Logo />
          </Link>
          <p className="mt-4 text-sm leading-6 text-fg-muted">
            <FormattedMessage
              id="footer.blurb"
              defaultMessage="Tarab is a curated library of original royalty-free music blending traditional Middle Eastern sounds with modern production — maqam melodies, oud, qanun, ney and darbuka, ready for your films, games, podcasts and productions."
            />
          </p>
        </div>
        {footerGroups.map((group) => (
          <nav key={group.title.id} aria-label={intl.formatMessage(group.title)}>
            <h2 className="font-sans text-xs font-semibold tracking-eyebrow text-fg uppercase">
              {intl.formatMessage(group.title)}
            </h2>
            <ul className="mt-4 space-y-1">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-block py-1.5 text-sm text-fg-muted transition-colors hover:text-accent"
                  >
                    {intl.formatMessage(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Container>
      <div className="border-t border-line/70">
        <Container className="flex flex-col gap-2 py-6 text-xs text-fg-subtle sm:flex-row sm:items-center sm:justify-between">
          <p>
            <FormattedMessage
              id="footer.copyrightLine"
              defaultMessage="© {year} Tarab. All tracks royalty-free for licensed use."
              values={{ year: String(year) }}
            />
          </p>
          <p>
            <FormattedMessage id="footer.madeFor" defaultMessage="Made for artists, producers and fans." />
          </p>
        </Container>
      </div>
    </footer>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import { Container } from '@/components/ui/container';
import { CompassIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';

/** Any path outside the route table. */
export default function NotFoundRoute() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'notFound.title', defaultMessage: 'Page not found' });
  return (
    <Container className="py-20 sm:py-28">
      <title>{intl.formatMessage({ id: 'document.pageTitle', defaultMessage: '{title} · Tarab' }, { title })}</title>
      <p className="mb-6 text-center font-display text-5xl font-bold text-accent/40 sm:text-6xl" aria-hidden="true">
        404
      </p>
      <EmptyState
        icon={<CompassIcon className="size-6" />}
        titleAs="h1"
        title={title}
        description={intl.formatMessage({
          id: 'notFound.description',
          defaultMessage: 'This page has wandered off the map. Check the address, or head back to the music.',
        })}
        action={
          <>
            <LinkButton to={paths.home.getHref()}>
              <FormattedMessage id="common.backHome" defaultMessage="Back to home" />
            </LinkButton>
            <LinkButton to={paths.music.getHref()} variant="secondary">
              <FormattedMessage id="notFound.browse" defaultMessage="Browse music" />
            </LinkButton>
          </>
        }
      />
    </Container>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Container } from '@/components/ui/container';
import { CompassIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { SearchBox } from '@/features/catalog/components/search-box';
import { paths } from '@/config/paths';

/**
 * Any path outside the route table (the server answers it with HTTP 404 and this page): a way home,
 * to the music, and a search box that opens the music search with the term in its URL (`/music?q=…`),
 * so the results stand on a page of their own (issue #32 item 5).
 */
export default function NotFoundRoute() {
  const intl = useIntl();
  const navigate = useNavigate();
  const search = (keyword: string) => {
    if (keyword) void navigate({ pathname: paths.music.getHref(), search: `?${new URLSearchParams({ q: keyword })}` });
  };
  const title = intl.formatMessage({ id: 'notFound.title', defaultMessage: 'Page not found' });
  return (
    <Container className="py-20 sm:py-28">
      <title>{intl.formatMessage({ id: 'document.pageTitle', defaultMessage: '{title} · Tarab' }, { title })}</title>
      <p className="mb-6 text-center font-display text-5xl font-bold text-accent/60 sm:text-6xl" aria-hidden="true">
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
          <div className="flex w-full flex-col items-center gap-6">
            <SearchBox
              value=""
              onSearch={search}
              label={intl.formatMessage({ id: 'catalog.searchMusic', defaultMessage: 'Search music' })}
              className="max-w-xl"
              suggestFor="music"
            />
            <div className="flex flex-wrap justify-center gap-3">
              <LinkButton to={paths.home.getHref()}>
                <FormattedMessage id="common.backHome" defaultMessage="Back to home" />
              </LinkButton>
              <LinkButton to={paths.music.getHref()} variant="secondary">
                <FormattedMessage id="notFound.browse" defaultMessage="Browse music" />
              </LinkButton>
            </div>
          </div>
        }
      />
    </Container>
  );
}

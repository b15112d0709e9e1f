import { commonMessages } from '@/lib/i18n/common-messages';
import { FormattedMessage, useIntl } from 'react-intl';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';

/** Shown inside the layout when a page fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  const intl = useIntl();
  const title = intl.formatMessage(commonMessages.somethingWentWrong);
  return (
    <Container className="py-20">
      <title>{intl.formatMessage({ id: 'document.pageTitle', defaultMessage: '{title} · Tarab' }, { title })}</title>
      <EmptyState
        title={title}
        description={
          <>
            <p>
              <FormattedMessage
                id="routeError.description"
                defaultMessage="This page could not be shown. Reloading usually helps."
              />
            </p>
            {detail ? <p className="mt-2 text-sm text-fg-subtle">{detail}</p> : null}
          </>
        }
        action={
          <>
            <Button onClick={() => window.location.reload()}>
              <FormattedMessage id="routeError.reload" defaultMessage="Reload" />
            </Button>
            <LinkButton to={paths.home.getHref()} variant="secondary">
              <FormattedMessage id="common.backHome" defaultMessage="Back to home" />
            </LinkButton>
          </>
        }
      />
    </Container>
  );
}

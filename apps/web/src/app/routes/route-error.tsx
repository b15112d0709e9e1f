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
  return (
    <Container className="py-20">
      <title>Something went wrong · Tarab</title>
      <EmptyState
        title="Something went wrong"
        description={
          <>
            <p>This page could not be shown. Reloading usually helps.</p>
            {detail ? <p className="mt-2 text-sm text-fg-subtle">{detail}</p> : null}
          </>
        }
        action={
          <>
            <Button onClick={() => window.location.reload()}>Reload</Button>
            <LinkButton to={paths.home.getHref()} variant="secondary">
              Back to home
            </LinkButton>
          </>
        }
      />
    </Container>
  );
}

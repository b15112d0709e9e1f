import { Container } from '@/components/ui/container';
import { CompassIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';

/** Any path outside the route table. */
export default function NotFoundRoute() {
  return (
    <Container className="py-20 sm:py-28">
      <title>Page not found · Tarab</title>
      <p className="mb-6 text-center font-display text-5xl font-bold text-accent/40 sm:text-6xl" aria-hidden="true">
        404
      </p>
      <EmptyState
        icon={<CompassIcon className="size-6" />}
        titleAs="h1"
        title="Page not found"
        description="This page has wandered off the map. Check the address, or head back to the music."
        action={
          <>
            <LinkButton to={paths.home.getHref()}>Back to home</LinkButton>
            <LinkButton to={paths.music.getHref()} variant="secondary">
              Browse music
            </LinkButton>
          </>
        }
      />
    </Container>
  );
}

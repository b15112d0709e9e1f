import type { ArtistOrderDto } from '@tarab/contracts';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { ArtistSales } from '@/features/analytics/components/artist-sales';
import { useAuth } from '@/features/auth/hooks/use-auth';

/** The artist record of the account, when the cached user carries it (`/api/me` sends artist_id). */
function artistIdOf(user: unknown): number | null {
  if (typeof user !== 'object' || user === null || !('artist_id' in user)) return null;
  const { artist_id: id } = user as { artist_id: unknown };
  return typeof id === 'number' && id > 0 ? id : null;
}

/** Spec §2 "Artist analytics" (login-only; the server answers 403 to non-artists). */
export default function ArtistAnalyticsRoute() {
  const { user } = useAuth();
  const artistId = artistIdOf(user);
  const trackHrefOf = (order: ArtistOrderDto) =>
    artistId ? paths.artistDetail.getHref(artistId) : order.music.public_id;
  return (
    <>
      <PageHeader
        eyebrow={`Welcome ${user?.name || 'Artist'}`}
        title="Artist Analytics"
        description="Orders and sales of your tracks."
      />
      <Container className="py-12">
        <ArtistSales trackHrefOf={trackHrefOf} />
      </Container>
    </>
  );
}

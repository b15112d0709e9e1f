import type { TrackDto } from '@tarab/contracts';
import { useOwnedTrackIds } from '@/features/commerce/api/get-downloads';
import { PurchaseActions } from '@/features/commerce/components/purchase-actions';
import { useSession } from '@/features/commerce/hooks/use-session';
import { LibraryActions } from '@/features/library/components/library-actions';

/**
 * What can be done with a track, composed from the features that own each part (features
 * never import each other; `src/app` puts them together): the library's favourite / add to
 * playlist, and commerce's buy / download; a downloaded (licensed) track shows only its
 * Downloaded button (spec §2 "Track rows").
 */
export function TrackActions({ track }: { track: TrackDto }) {
  const loggedIn = useSession().status === 'user';
  // The same cached downloads query PurchaseActions reads: no extra request.
  const owned = useOwnedTrackIds(loggedIn);
  if (loggedIn && owned.data?.has(track.id)) return <PurchaseActions track={track} />;
  return (
    <>
      <LibraryActions track={track} />
      <PurchaseActions track={track} />
    </>
  );
}

import type { TrackDto } from '@tarab/contracts';
import { useOwnedTrackIds } from '@/features/commerce/api/get-downloads';
import { TrackPrimaryAction } from '@/features/commerce/components/purchase-actions';
import { useSession } from '@/features/commerce/hooks/use-session';
import { LibraryActions } from '@/features/library/components/library-actions';
import { TrackMoreMenu } from './track-more-menu';

/** The one primary action of a track (rows and the track's page): Download, License · $7.99, License… */
export { TrackPrimaryAction } from '@/features/commerce/components/purchase-actions';

/**
 * What can be done with a track, composed from the features that own each part (features
 * never import each other; `src/app` puts them together): the library's favourite / add to
 * playlist, and commerce's one primary action (issue #32). A downloaded (licensed) track shows
 * only its Downloaded button (spec §2 "Track rows"). Below 640 px the row keeps the primary
 * button and puts the rest in its More menu (with the tuning files, share and the track's page).
 */
export function TrackActions({ track }: { track: TrackDto }) {
  const loggedIn = useSession().status === 'user';
  // The same cached downloads query the primary action reads: no extra request.
  const owned = useOwnedTrackIds(loggedIn);
  const licensed = loggedIn && Boolean(owned.data?.has(track.id));
  return (
    <>
      {licensed ? null : (
        <div className="max-sm:hidden">
          <LibraryActions track={track} />
        </div>
      )}
      <TrackPrimaryAction track={track} />
      <TrackMoreMenu track={track} library={!licensed} />
    </>
  );
}

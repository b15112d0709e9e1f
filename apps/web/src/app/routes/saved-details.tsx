import { FormattedMessage } from 'react-intl';
import type { TrackDto } from '@tarab/contracts';
import { useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTrackListBindings } from '@/app/compose/track-actions';
import { Button } from '@/components/ui/button';
import { TrackList } from '@/features/catalog/components/track-list';
import { staticTrackSource } from '@/features/catalog/hooks/use-track-source';
import { LicensePlaylistPanel } from '@/features/commerce/components/license-playlist-panel';
import { PlaylistDetails } from '@/features/library/components/playlist-details';

const PlayIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
    <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
  </svg>
);

const PauseIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
    <rect x="6" y="5" width="4" height="14" rx="1" />
    <rect x="14" y="5" width="4" height="14" rx="1" />
  </svg>
);

/**
 * /saved/details/:id?title&name&tracks (spec §2): one playlist. Its tracks are the
 * catalog's playable list bound to the player, composed here.
 */
export default function SavedDetailsRoute() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const title = search.get('title') || search.get('name');
  const tracks = Number.parseInt(search.get('tracks') ?? '', 10);
  const bindings = useTrackListBindings();
  const { playback } = bindings;

  const renderList = useCallback(
    (list: readonly TrackDto[], label: string) => (
      <TrackList source={staticTrackSource(list, 'success')} label={label} {...bindings} />
    ),
    [bindings],
  );

  const renderActions = useCallback(
    (list: readonly TrackDto[]) => {
      const playingHere = playback.isPlaying && list.some((track) => track.id === playback.currentTrackId);
      const current = list.find((track) => track.id === playback.currentTrackId);
      return (
        <Button size="lg" onClick={() => playback.play(current ?? list[0]!, list)}>
          {playingHere ? <PauseIcon /> : <PlayIcon />}
          {playingHere ? (
            <FormattedMessage id="player.pause" defaultMessage="Pause" />
          ) : (
            <FormattedMessage id="library.playAll" defaultMessage="Play all" />
          )}
        </Button>
      );
    },
    [playback],
  );

  return (
    <PlaylistDetails
      id={id}
      title={title}
      trackCountHint={Number.isFinite(tracks) ? tracks : null}
      renderList={renderList}
      renderActions={renderActions}
      renderLicensing={(list) => <LicensePlaylistPanel playlistId={id} tracks={list} />}
    />
  );
}

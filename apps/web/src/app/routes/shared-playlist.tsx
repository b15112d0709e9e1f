import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import type { TrackDto } from '@tarab/contracts';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useTrackListBindings } from '@/app/compose/track-actions';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { TrackList } from '@/features/catalog/components/track-list';
import { staticTrackSource } from '@/features/catalog/hooks/use-track-source';
import { useSharedPlaylist } from '@/features/library/api/share-playlist';

/** `/p/:token`: a playlist someone shared — browse it and play the previews; read-only, no login needed. */
export default function SharedPlaylistRoute() {
  const { token = '' } = useParams();
  const shared = useSharedPlaylist(token);
  const bindings = useTrackListBindings();
  const intl = useIntl();
  const tracks = useMemo<TrackDto[]>(
    () => (shared.data ? [...shared.data.data.musics, ...shared.data.data.loops] : []),
    [shared.data],
  );

  if (shared.isPending)
    return (
      <LoadingState label={intl.formatMessage({ id: 'shared.opening', defaultMessage: 'Opening the playlist…' })} />
    );
  if (shared.isError) {
    return (
      <Container className="py-16">
        <title>
          {intl.formatMessage(
            { id: 'document.pageTitle', defaultMessage: '{title} · Tarab' },
            { title: intl.formatMessage({ id: 'shared.title', defaultMessage: 'Shared playlist' }) },
          )}
        </title>
        <EmptyState
          title={errorText(intl, shared.error)}
          description={intl.formatMessage({
            id: 'shared.askForNewLink',
            defaultMessage: 'Ask the person who sent the link for a new one.',
          })}
          action={
            <LinkButton to={paths.music.getHref()}>
              <FormattedMessage id="shared.exploreMusic" defaultMessage="Explore the music" />
            </LinkButton>
          }
        />
      </Container>
    );
  }
  const playlist = shared.data.data;
  return (
    <>
      <title>
        {intl.formatMessage(
          { id: 'shared.pageTitle', defaultMessage: '{name} · Shared playlist · Tarab' },
          { name: playlist.name },
        )}
      </title>
      <meta name="robots" content="noindex" />
      <PageHeader
        eyebrow={intl.formatMessage(
          { id: 'shared.sharedBy', defaultMessage: 'Shared by {owner}' },
          { owner: playlist.owner },
        )}
        title={playlist.name}
        description={intl.formatMessage(
          {
            id: 'shared.description',
            defaultMessage:
              '{count, plural, one {# track} other {# tracks}} · previews play here; license a track from its page.',
          },
          { count: playlist.tracks_count },
        )}
      />
      <Container className="py-8 sm:py-10">
        {tracks.length === 0 ? (
          <EmptyState title={intl.formatMessage({ id: 'shared.empty', defaultMessage: 'This playlist is empty.' })} />
        ) : (
          <>
            <div className="mb-6">
              <Button size="lg" onClick={() => bindings.playback.play(tracks[0]!, tracks)}>
                <FormattedMessage id="library.playAll" defaultMessage="Play all" />
              </Button>
            </div>
            <TrackList source={staticTrackSource(tracks, 'success')} label={playlist.name} {...bindings} />
          </>
        )}
      </Container>
    </>
  );
}

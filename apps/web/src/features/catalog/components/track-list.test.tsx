import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TrackDto } from '@tarab/contracts';
import { renderRoutes } from '@/testing/render-app';
import { staticTrackSource, type TrackListSource } from '../hooks/use-track-source';
import { makeTracks } from '../testing/make-track';
import type { TrackPlayback } from '../types';
import { preloadTrackRows, TrackList } from './track-list';

function renderList(element: React.ReactElement) {
  return renderRoutes([{ path: '/', element }], { user: null });
}

/** The titles of the rows shown, in order. */
const rowTitles = () =>
  Array.from(
    screen.getByRole('list', { name: 'Tracks' }).querySelectorAll(':scope > li'),
    (li) => li.querySelector('p')?.textContent,
  );

describe('TrackList', () => {
  // The rows are their own chunk (decision 050); these tests look at them, not at the chunk's
  // loading state, so it is fetched first (alone, or first in a run, it is not yet cached).
  beforeAll(async () => {
    await preloadTrackRows();
  });

  it('shows 5 tracks, then 3 more per View more, up to the total', async () => {
    const user = userEvent.setup();
    renderList(<TrackList source={staticTrackSource(makeTracks(12), 'success')} label="Tracks" />);

    expect(rowTitles()).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'View more' }));
    expect(rowTitles()).toHaveLength(8);
    await user.click(screen.getByRole('button', { name: 'View more' }));
    expect(rowTitles()).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: 'View more' }));
    expect(rowTitles()).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'View more' })).toBeNull();
    expect(rowTitles()[0]).toBe('Track 1');
    expect(rowTitles()[11]).toBe('Track 12');
  });

  it('has no View more when everything is shown', () => {
    renderList(<TrackList source={staticTrackSource(makeTracks(4), 'success')} label="Tracks" />);
    expect(rowTitles()).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'View more' })).toBeNull();
  });

  it('asks the server for the next page when the loaded tracks run out, keeping the list stable', async () => {
    const user = userEvent.setup();
    const all = makeTracks(14);
    const loadMore = vi.fn();

    function Paged() {
      const [loaded, setLoaded] = useState(10);
      const [fetching, setFetching] = useState(false);
      const source: TrackListSource = {
        tracks: all.slice(0, loaded),
        total: all.length,
        status: 'success',
        isFetchingMore: fetching,
        isRefreshing: false,
        loadMore: () => {
          loadMore();
          setFetching(true);
        },
      };
      return (
        <>
          <TrackList source={source} label="Tracks" />
          <button
            type="button"
            onClick={() => {
              setLoaded(14);
              setFetching(false);
            }}
          >
            Deliver page 2
          </button>
        </>
      );
    }

    renderList(<Paged />);
    await user.click(screen.getByRole('button', { name: 'View more' })); // 8
    expect(loadMore).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'View more' })); // 11 > 10 loaded
    expect(loadMore).toHaveBeenCalledTimes(1);
    expect(rowTitles()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Deliver page 2' }));
    expect(rowTitles()).toHaveLength(11);
    expect(rowTitles().slice(0, 3)).toEqual(['Track 1', 'Track 2', 'Track 3']);
    await user.click(screen.getByRole('button', { name: 'View more' }));
    expect(rowTitles()).toHaveLength(14);
    expect(screen.queryByRole('button', { name: 'View more' })).toBeNull();
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('shows the loading, error and empty states', () => {
    const { unmount } = renderList(<TrackList source={staticTrackSource([], 'pending')} label="Tracks" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading music...');
    unmount();

    const failed = renderList(<TrackList source={staticTrackSource([], 'error')} label="Tracks" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    failed.unmount();

    const empty = renderList(<TrackList source={staticTrackSource([], 'success')} label="Tracks" />);
    expect(screen.getByText('No music found.')).toBeInTheDocument();
    empty.unmount();

    renderList(<TrackList source={staticTrackSource([], 'success')} label="Tracks" emptyText="No tracks found." />);
    expect(screen.getByText('No tracks found.')).toBeInTheDocument();
  });

  it('plays a row with the shown list as queue, and marks the current row', async () => {
    const user = userEvent.setup();
    const tracks = makeTracks(7);
    const play = vi.fn<(track: TrackDto, queue: readonly TrackDto[]) => void>();
    const playback: TrackPlayback = { currentTrackId: 2, isPlaying: true, play };
    renderList(<TrackList source={staticTrackSource(tracks, 'success')} label="Tracks" playback={playback} />);

    await user.click(screen.getByRole('button', { name: 'Play Track 3' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(play.mock.calls[0]?.[0].id).toBe(3);
    expect(play.mock.calls[0]?.[1].map((t) => t.id)).toEqual([1, 2, 3, 4, 5]);

    // The playing row: highlighted, and its button pauses.
    const pause = screen.getByRole('button', { name: 'Pause Track 2' });
    expect(pause.closest('li')).toHaveAttribute('aria-current', 'true');
    expect(pause.closest('li')).toHaveAttribute('data-playing', 'true');
    expect(screen.getByRole('button', { name: 'Play Track 1' }).closest('li')).not.toHaveAttribute('aria-current');
  });

  it('shows the price only when the server sent one, in rows without actions', () => {
    const [priced, free] = makeTracks(2);
    renderList(
      <TrackList source={staticTrackSource([{ ...priced!, price: 4.99 }, free!], 'success')} label="Tracks" />,
    );
    const [first, second] = Array.from(screen.getByRole('list', { name: 'Tracks' }).querySelectorAll(':scope > li'));
    expect(first).toHaveTextContent('Price $4.99');
    expect(second).not.toHaveTextContent('$');
  });

  it('leaves the price to the actions slot (the primary action carries it, issue #32)', () => {
    const [priced] = makeTracks(1);
    renderList(
      <TrackList
        source={staticTrackSource([{ ...priced!, price: 4.99 }], 'success')}
        label="Tracks"
        renderActions={(track) => <button type="button">Buy {track.title}</button>}
      />,
    );
    const [first] = Array.from(screen.getByRole('list', { name: 'Tracks' }).querySelectorAll(':scope > li'));
    expect(first).not.toHaveTextContent('$');
    expect(screen.getByRole('button', { name: 'Buy Track 1' })).toBeInTheDocument();
  });
});

import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackDto } from '@tarab/contracts';
import { makeTrack } from '@/testing/make-track';
import { jsonResponse, renderRoutes } from '@/testing/render-app';
import { initialPlayerState, usePlayerStore } from '../stores/player-store';
import { PlayerDock } from './player-dock';

const track = (id: number): TrackDto =>
  makeTrack(id, {
    album: { id: 1, title: 'Album', image: { url: '/media/images/albums/a.svg' } },
    artist: { id: 4, name: 'Nour al-Layl Ensemble' },
    bpm: 100,
    duration: '0:40',
    duration_seconds: 40,
  });

const queue = [track(1), track(2), track(3)];
const state = () => usePlayerStore.getState();

/** jsdom has no media playback: record play/pause and keep `paused` in step. */
function stubMedia() {
  const playing = new WeakSet<HTMLMediaElement>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return !playing.has(this);
  });
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    playing.add(this);
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    playing.delete(this);
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  return { play, pause };
}

function setViewport(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderDock(favourite = true) {
  const peaks = vi.fn(() => jsonResponse(200, { data: [0.1, 0.5, 0.9, 0.4] }));
  // Only the waveform's fetches are counted (the files of a worker share one page, decision 049).
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
    String(input instanceof Request ? input.url : input).includes('/media/peaks/')
      ? peaks()
      : jsonResponse(404, { message: 'Not found.' }),
  );
  const renderFavourite = favourite
    ? (t: TrackDto, variant: 'icon' | 'menu-item') => (
        <button type="button">{variant === 'icon' ? `Favorite ${t.title}` : 'Add to Favorites'}</button>
      )
    : undefined;
  const utils = renderRoutes(
    [{ path: '/', element: <PlayerDock {...(renderFavourite ? { renderFavourite } : {})} /> }],
    { user: null },
  );
  return { ...utils, peaks };
}

describe('PlayerDock', () => {
  beforeEach(() => usePlayerStore.setState(initialPlayerState));
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => usePlayerStore.setState(initialPlayerState));
  });

  it('renders only the audio element until a track is chosen', () => {
    stubMedia();
    setViewport(false);
    renderDock();
    expect(screen.getByTestId('player-audio').tagName).toBe('AUDIO');
    expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull();
  });

  it('desktop: plays, pauses, moves in the queue, seeks on the waveform and sets the volume', async () => {
    const user = userEvent.setup();
    const media = stubMedia();
    setViewport(false);
    const { peaks } = renderDock();
    act(() => state().setTrack(queue[0]!, queue));

    const bar = screen.getByRole('region', { name: 'Audio player' });
    expect(within(bar).getByText('Track 1')).toBeVisible();
    expect(within(bar).getByRole('link', { name: 'Nour al-Layl Ensemble' })).toHaveAttribute(
      'href',
      '/artist/detail/4',
    );
    expect(within(bar).getByRole('button', { name: 'Favorite Track 1' })).toBeVisible();
    expect(within(bar).getByTestId('player-duration-time')).toHaveTextContent('0:40');
    expect(screen.getByTestId<HTMLAudioElement>('player-audio').getAttribute('src')).toBe('/media/previews/1.mp3');
    expect(media.play).toHaveBeenCalled();
    expect(peaks).toHaveBeenCalledTimes(1);

    await user.click(within(bar).getByRole('button', { name: 'Pause' }));
    expect(state().isPlaying).toBe(false);
    expect(media.pause).toHaveBeenCalled();
    await user.click(within(bar).getByRole('button', { name: 'Play' }));
    expect(state().isPlaying).toBe(true);

    expect(within(bar).getByRole('button', { name: 'Previous track' })).toBeDisabled();
    await user.click(within(bar).getByRole('button', { name: 'Next track' }));
    expect(state().currentTrack?.id).toBe(2);
    await user.click(within(bar).getByRole('button', { name: 'Next track' }));
    expect(within(bar).getByRole('button', { name: 'Next track' })).toBeDisabled();
    await user.click(within(bar).getByRole('button', { name: 'Previous track' }));
    expect(state().currentTrack?.id).toBe(2);

    // Click at 3/4 of the waveform: 30 s of 40.
    const waveform = within(bar).getByRole('slider', { name: 'Seek' });
    vi.spyOn(waveform, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 100, y: 0, width: 400, height: 40 }),
    );
    fireEvent.click(waveform, { clientX: 400 });
    expect(state().currentTime).toBe(30);
    expect(screen.getByTestId<HTMLAudioElement>('player-audio').currentTime).toBe(30);
    expect(waveform).toHaveAttribute('aria-valuenow', '30');

    const volume = within(bar).getByRole('slider', { name: 'Volume' });
    expect(volume).toHaveAttribute('type', 'range');
    expect(volume).toHaveAttribute('step', '0.01');
    expect(within(bar).getByText('100%')).toBeVisible();
    fireEvent.change(volume, { target: { value: '0.35' } });
    expect(state().volume).toBe(0.35);
    expect(within(bar).getByText('35%')).toBeVisible();
    expect(screen.getByTestId<HTMLAudioElement>('player-audio').volume).toBe(0.35);
  });

  it('shows --:-- while the duration is unknown', () => {
    stubMedia();
    setViewport(false);
    renderDock();
    act(() => state().setTrack({ ...track(5), duration_seconds: 0 }));
    expect(screen.getByTestId('player-duration-time')).toHaveTextContent('--:--');
  });

  it('keyboard: space toggles and arrows seek 5 s, but not while typing', async () => {
    const user = userEvent.setup();
    stubMedia();
    setViewport(false);
    renderDock();
    act(() => state().setTrack(queue[0]!, queue));
    act(() => state().setTime(10, 40));

    await user.keyboard(' ');
    expect(state().isPlaying).toBe(false);
    await user.keyboard(' ');
    expect(state().isPlaying).toBe(true);
    await user.keyboard('{ArrowRight}');
    expect(state().currentTime).toBe(15);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(state().currentTime).toBe(5);

    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    await user.keyboard(' ');
    expect(state().isPlaying).toBe(true);
    input.remove();
  });

  it('small screens: opens full screen on a pick, collapses, and closing pauses and clears', async () => {
    const user = userEvent.setup();
    const media = stubMedia();
    setViewport(true);
    renderDock();
    act(() => state().setTrack(queue[1]!, queue));

    const dialog = await screen.findByRole('dialog', { name: 'Track 2' });
    expect(within(dialog).getByRole('button', { name: 'Collapse player' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Pause' })).toBeVisible();
    expect(within(dialog).getByRole('slider', { name: 'Volume' })).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'More options' }));
    expect(within(dialog).getByRole('button', { name: 'Add to Favorites' })).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Collapse player' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const mini = screen.getByRole('region', { name: 'Audio player' });
    expect(within(mini).getByRole('button', { name: /Open player: Track 2/ })).toHaveFocus();

    await user.click(within(mini).getByRole('button', { name: 'Close player' }));
    expect(state().currentTrack).toBeNull();
    expect(state().isPlaying).toBe(false);
    expect(state().currentTime).toBe(0);
    expect(media.pause).toHaveBeenCalled();
    expect(screen.getByTestId('player-audio')).not.toHaveAttribute('src');
    expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull();
  });

  it('small screens: a dock mounted after the pick (it loads after the page) still opens the player', async () => {
    stubMedia();
    setViewport(true);
    act(() => state().setTrack(queue[0]!, queue));
    renderDock();
    expect(await screen.findByRole('dialog', { name: 'Track 1' })).toBeVisible();
    expect(state().isPlaying).toBe(true);
  });

  it('logs a failed play without breaking, and shows the player paused when the browser blocks it', async () => {
    setViewport(false);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('blocked', 'NotAllowedError'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDock();
    act(() => state().setTrack(queue[0]!, queue));
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('Audio play failed', expect.any(DOMException)));
    expect(state().isPlaying).toBe(false);
    expect(screen.getByRole('button', { name: 'Play' })).toBeVisible();
  });
});

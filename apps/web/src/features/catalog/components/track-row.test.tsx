import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { makeTrack } from '../testing/make-track';
import { TrackRow } from './track-row';

const track = makeTrack(5, {
  title: 'A Very Long Title For The Caravan Crossing The Desert At Night',
  artist: { id: 7, name: 'Layal Zahr and the Cairo Ensemble' },
  maqam: 'Saba',
  key: 'D',
  iqa: 'Karsilama',
  meter: '9/8',
  bpm: 210,
  duration: '3:12',
});

const row = (renderActions?: () => React.ReactNode) => (
  <ul>
    <TrackRow track={track} isCurrent={false} isPlaying={false} renderActions={renderActions} />
  </ul>
);

describe('TrackRow (issue #32)', () => {
  it("links the title to the track's page, on one line with an ellipsis (never a break inside a word)", () => {
    renderRoutes([{ path: '/', element: row() }], { user: null });
    const title = screen.getByRole('link', { name: track.title });
    expect(title).toHaveAttribute('href', '/track/5');
    expect(title).toHaveClass('truncate');
    expect(title.className).not.toMatch(/line-clamp|break-words|break-all/);
    expect(title).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('link', { name: track.artist.name })).toHaveAttribute('dir', 'auto');
  });

  it('keeps the maqam, iqa, BPM and duration whole on narrow rows: they wrap between facts, never inside one', () => {
    renderRoutes([{ path: '/', element: row() }], { user: null });
    const facts = screen.getByTestId('track-musical');
    expect(facts).toHaveTextContent('Maqam and rhythm: Saba on D · Karsilama (9/8) · 210 BPM · 3:12');
    expect(facts.className).not.toMatch(/(^|\s)(truncate|line-clamp-\d|overflow-hidden)(\s|$)/);
    // Wide rows have columns for the BPM and duration: there the line keeps the maqam and iqa' on one line.
    expect(facts).toHaveClass('md:truncate');
    const pieces = Array.from(facts.querySelectorAll('[data-fact]'));
    expect(pieces.map((piece) => piece.textContent)).toEqual(['Saba on D', '· Karsilama (9/8)', '· 210 BPM', '· 3:12']);
    for (const piece of pieces) expect(piece).toHaveClass('whitespace-nowrap');
    expect(facts.querySelector('[data-fact="bpm"]')).toHaveClass('md:hidden');
    expect(facts.querySelector('[data-fact="scale"]')).not.toHaveClass('md:hidden');
  });

  it('puts the tuning files in the More menu below 640 px when the row has actions', () => {
    renderRoutes([{ path: '/', element: row(() => <button type="button">Act</button>) }], { user: null });
    const tuning = screen.getByRole('button', { name: `Tuning files of ${track.title}` });
    expect(tuning.parentElement).toHaveClass('max-sm:hidden');
    expect(within(screen.getByTestId('track-actions')).getByRole('button', { name: 'Act' })).toBeInTheDocument();
  });

  it('isolates Latin names in Arabic rows and names the facts in Arabic', async () => {
    renderArabicRoutes([{ path: '/', element: row() }], { user: null, path: '/' });
    const title = await screen.findByRole('link', { name: track.title });
    expect(title).toHaveAttribute('dir', 'auto');
    expect(title).toHaveAttribute('href', '/ar/track/5');
    const facts = screen.getByTestId('track-musical');
    // The Arabic catalog names come with the Arabic catalogue's part (loaded, not bundled).
    await waitFor(() => expect(facts.textContent).toContain('صبا'));
    expect(facts.querySelector('bdi[dir="ltr"]')?.textContent).toBe('210 BPM');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Api, pathOf, TrackDetailDto, type TrackDto } from '@tarab/contracts';
import { jsonResponse, on, renderRoutes, type RouteStub, stubRoutes, testUser } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { makeTrack } from '@/testing/make-track';
import { initialPlayerState, usePlayerStore } from '@/features/player/stores/player-store';
import TrackDetailRoute from './track-detail';

const routes = [{ path: '/track/:id', element: <TrackDetailRoute /> }];

function makeDetail(overrides: Partial<TrackDetailDto> = {}): TrackDetailDto {
  return TrackDetailDto.parse({
    ...makeTrack(7, {
      title: 'Caravan at Dusk',
      title_ar: 'قافلة عند الغسق',
      album: { id: 3, title: 'Desert Nights', title_ar: 'ليالي الصحراء', image: { url: '/media/images/al-3.svg' } },
      artist: { id: 4, name: 'Nour Ensemble' },
      maqam: 'Hijaz',
      key: 'D',
      iqa: 'Maqsum',
      meter: '4/4',
      bpm: 92,
      duration: '3:12',
      duration_seconds: 192,
      instrument: [{ id: 11, name: 'Oud' }],
      mood: [{ id: 12, name: 'Melancholic' }],
      genre: [{ id: 13, name: 'Arabic Classical' }],
      region: { id: 14, name: 'Levant' },
    }),
    maqam_family: 'Hijaz',
    jins_lower: 'Hijaz',
    jins_upper: 'Nahawand',
    formats: [
      { format: 'mp3', label: 'MP3 · 320 kbps' },
      { format: 'wav', label: 'WAV · 24-bit · 48 kHz' },
    ],
    ...overrides,
  });
}

const sameMaqam: TrackDto[] = [
  makeTrack(7, { title: 'Caravan at Dusk', maqam: 'Hijaz' }),
  makeTrack(21, { title: 'Hijaz Nights', maqam: 'Hijaz' }),
  makeTrack(22, { title: 'Sandstorm Taqsim', maqam: 'Hijaz' }),
];
const page = (data: TrackDto[]) => ({
  data: { data, current_page: 1, per_page: 7, total: data.length, last_page: 1 },
});

function stub(detail: TrackDetailDto | null, extra: RouteStub[] = []) {
  const stubbed = stubRoutes([
    on(Api.catalog.track, { id: 7 }, () =>
      detail ? jsonResponse(200, { data: detail }) : jsonResponse(404, { message: 'Track not found' }),
    ),
    on(Api.catalog.music, () => jsonResponse(200, page(sameMaqam))),
    ...extra,
  ]);
  vi.stubGlobal('fetch', stubbed.fetchStub);
  return stubbed;
}

describe('Track page (/track/:id, issue #32)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    usePlayerStore.setState(initialPlayerState);
  });

  it('shows the title, artist and album links, every musical fact, formats and tuning files', async () => {
    stub(makeDetail());
    renderRoutes(routes, { user: null, path: '/track/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Caravan at Dusk' })).toBeInTheDocument();
    expect(document.title).toBe('Caravan at Dusk · Tarab');
    expect(screen.getByRole('link', { name: 'Nour Ensemble' })).toHaveAttribute('href', '/artist/detail/4');
    expect(screen.getByRole('link', { name: 'Desert Nights' })).toHaveAttribute('href', '/album/detail/3');

    const facts = screen.getByRole('region', { name: 'Musical facts' });
    const fact = (key: string) => facts.querySelector(`[data-fact="${key}"] dd`)?.textContent;
    expect(fact('maqam')).toBe('Hijaz');
    expect(fact('jins')).toBe('Lower: Hijaz · Upper: Nahawand');
    expect(fact('tonic')).toBe('D');
    expect(fact('iqa')).toBe('Maqsum');
    expect(fact('meter')).toBe('4/4');
    expect(fact('bpm')).toBe('92 BPM');
    expect(fact('duration')).toBe('3:12');
    expect(fact('instruments')).toBe('Oud');
    expect(fact('moods')).toBe('Melancholic');
    expect(fact('region')).toBe('Levant');

    const formats = screen.getByRole('region', { name: 'Formats delivered' });
    expect(within(formats).getByText('MP3 · 320 kbps')).toBeInTheDocument();
    expect(within(formats).getByText('WAV · 24-bit · 48 kHz')).toBeInTheDocument();
    const tuning = screen.getByRole('region', { name: 'Tuning files' });
    expect(within(tuning).getByRole('link', { name: /Scale \(\.scl\)/ })).toHaveAttribute(
      'href',
      pathOf(Api.tuning.file, { kind: 'music', file: '7.scl' }),
    );
    expect(within(tuning).getByRole('link', { name: /Keyboard mapping \(\.kbm\)/ })).toHaveAttribute(
      'href',
      pathOf(Api.tuning.file, { kind: 'music', file: '7.kbm' }),
    );
  });

  it('shows a visitor the license options without a price (spec §6), and the login to keep it in a playlist', async () => {
    stub(makeDetail());
    renderRoutes(routes, { user: null, path: '/track/7' });
    const licenses = await screen.findByRole('region', { name: 'License options' });
    expect(within(licenses).getByText('Single-track license')).toBeInTheDocument();
    expect(within(licenses).getByText('Log in to see the price')).toBeInTheDocument();
    expect(within(licenses).queryByText(/\$/)).not.toBeInTheDocument();
    expect(within(licenses).getByText('Subscription')).toBeInTheDocument();
    expect(within(licenses).getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
    const playlists = screen.getByRole('region', { name: 'Add to a playlist' });
    expect(within(playlists).getByRole('link', { name: 'Log in' }).getAttribute('href')).toMatch(
      /^\/auth\/login\?next=%2Ftrack%2F7/,
    );
  });

  it('shows a signed-in listener the price and their playlists, and adds the track to one', async () => {
    const detail = makeDetail({ price: 7.99 });
    const added: unknown[] = [];
    stub(detail, [
      on(Api.library.playlists, () =>
        jsonResponse(200, {
          playlists: [
            {
              id: 5,
              name: 'Documentary cues',
              music_count: 2,
              loop_count: 0,
              tracks_count: 2,
              created_at: '2025-01-01T00:00:00.000Z',
              musics: [],
              loops: [],
            },
          ],
        }),
      ),
      on(Api.library.addMusic, () => {
        added.push(true);
        return jsonResponse(200, {
          message: 'Track added to playlist successfully!',
          data: { playlist_id: 5, track_id: 7, added: true },
        });
      }),
    ]);
    renderRoutes(routes, { user: testUser, path: '/track/7' });
    const licenses = await screen.findByRole('region', { name: 'License options' });
    expect(within(licenses).getByTestId('license-price')).toHaveTextContent('$7.99');
    const add = await screen.findByRole('button', { name: 'Add Caravan at Dusk to Documentary cues' });
    await userEvent.setup().click(add);
    await waitFor(() => expect(added).toHaveLength(1));
  });

  it('plays the track in the player dock from its cover, with More in this maqam as the queue', async () => {
    stub(makeDetail());
    renderRoutes(routes, { user: null, path: '/track/7' });
    const more = await screen.findByRole('list', { name: 'More in maqam Hijaz' });
    expect(within(more).getByText('Hijaz Nights')).toBeInTheDocument();
    expect(within(more).getByText('Sandstorm Taqsim')).toBeInTheDocument();
    // The page's own track is not "more".
    expect(within(more).queryByText('Caravan at Dusk')).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByTestId('track-page-play'));
    const player = usePlayerStore.getState();
    expect(player.currentTrack?.id).toBe(7);
    expect(player.isPlaying).toBe(true);
    expect(player.queue.map((t) => t.id)).toEqual([7, 21, 22]);
    expect(screen.getByTestId('track-page-play')).toHaveAccessibleName('Pause Caravan at Dusk');
  });

  it('shows the friendly not-found page for an unknown or unpublished id', async () => {
    stub(null);
    renderRoutes([...routes], { user: null, path: '/track/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('is in Arabic on /ar/: the Arabic title, maqam names from the lexicon, numbers left to right', async () => {
    stub(makeDetail());
    renderArabicRoutes(routes, { user: null, path: '/track/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'قافلة عند الغسق' })).toBeInTheDocument();
    expect(document.title).toBe('قافلة عند الغسق · طرب');
    const facts = screen.getByRole('region', { name: 'الخصائص الموسيقية' });
    expect(facts.querySelector('[data-fact="maqam"] dd')?.textContent).toBe('حجاز');
    expect(facts.querySelector('[data-fact="tonic"] dd')?.textContent).toBe('ري');
    const bpm = facts.querySelector('[data-fact="bpm"] bdi');
    expect(bpm).toHaveAttribute('dir', 'ltr');
    expect(bpm).toHaveTextContent('92 BPM');
    expect(screen.getByRole('link', { name: 'ليالي الصحراء' })).toHaveAttribute('href', '/ar/album/detail/3');
    expect(screen.getByRole('region', { name: 'خيارات الترخيص' })).toBeInTheDocument();
  });
});

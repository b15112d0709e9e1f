import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Api, type FilterResponse, pathOf, type TrackDto } from '@tarab/contracts';
import { jsonResponse, renderRoutes } from '@/testing/render-app';
import { makeTrack } from '../testing/make-track';
import { CatalogBrowser } from './catalog-browser';

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

const option = (id: number, name: string, count: number) => ({
  id,
  name,
  image: `/media/${id}.svg`,
  color: '#335577',
  count,
});

const named = (value: string, count: number) => ({ value, label: value, count });

function filterResponse(): FilterResponse {
  return {
    music: [],
    loop: [],
    total: { music: 3, loop: 0 },
    filters: {
      genres: [option(1, 'Classical Arabic', 2), option(2, 'Sufi', 1), option(3, 'Khaleeji', 0)],
      moods: [option(10, 'Mystical', 2)],
      themes: [option(20, 'Night', 1)],
      instruments: [option(30, 'Oud', 3)],
      regions: [option(40, 'Levant', 3)],
      scale: [],
      bpm: { min: 70, max: 180 },
      maqam_family: [named('Bayati', 2), named('Hijaz', 1)],
      maqam: [named('Bayati', 2), named('Hijaz', 1), named('Hijazkar', 0)],
      jins_lower: [named('Bayati', 2), named('Hijaz', 1)],
      jins_upper: [named('Nahawand', 3)],
      tonic: [named('C', 0), named('D', 3)],
      iqa: [named('Maqsum', 2), named("Sama'i Thaqil", 1)],
      meter: [named('4/4', 2), named('10/8', 1)],
    },
  };
}

const page = (tracks: TrackDto[]) => ({
  data: tracks,
  current_page: 1,
  per_page: 10,
  total: tracks.length,
  last_page: 1,
});

/** A fake server: the list depends on the genre filter; search answers by keyword. */
function stubServer() {
  const calls: Call[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    if (url.pathname === pathOf(Api.catalog.filter)) return jsonResponse(200, filterResponse());
    if (url.pathname === pathOf(Api.catalog.music)) {
      const genres = url.searchParams.getAll('genre[]');
      const maqamat = url.searchParams.getAll('maqam[]');
      if (maqamat.includes('Hijaz'))
        return jsonResponse(200, { data: page([makeTrack(8, { title: 'Hijaz Lament' })]) });
      const tracks = genres.includes('2')
        ? [makeTrack(2, { title: 'Sufi Night' })]
        : [
            makeTrack(1, { title: 'Dawn Taqsim' }),
            makeTrack(2, { title: 'Sufi Night' }),
            makeTrack(3, { title: 'Oud Road' }),
          ];
      return jsonResponse(200, { data: page(tracks) });
    }
    if (url.pathname === pathOf(Api.catalog.search)) {
      const { keyword } = call.body as { keyword: string };
      if (keyword === 'hjiza') return jsonResponse(200, { ...page([]), suggestion: 'hijaz' });
      if (keyword === 'zzz') return jsonResponse(200, page([]));
      if (keyword === 'hijaz') return jsonResponse(200, page([makeTrack(8, { title: 'Hijaz Lament' })]));
      return jsonResponse(200, page([makeTrack(9, { title: 'Bayati Dream' })]));
    }
    return jsonResponse(404, { message: 'Not found' });
  };
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

function renderBrowser(path = '/') {
  return renderRoutes([{ path: '/', element: <CatalogBrowser kind="music" title="Discover music" headingId="t" /> }], {
    user: null,
    path,
  });
}

const list = () => screen.getByRole('list', { name: 'Tracks' });

describe('CatalogBrowser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists music and toggles filter chips; a chip’s × removes it', async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    renderBrowser();

    expect(screen.getByRole('status')).toHaveTextContent('Loading music...');
    expect(await within(await screen.findByRole('list', { name: 'Tracks' })).findByText('Dawn Taqsim')).toBeVisible();
    // No filters chosen: none are sent.
    const first = calls.find((c) => c.path === pathOf(Api.catalog.music));
    expect([...first!.query.keys()].sort()).toEqual(['page', 'per_page']);

    await user.click(screen.getByRole('button', { name: 'Genre' }));
    const options = await screen.findByRole('group', { name: 'Genre options' });
    // A dead end (0 tracks) cannot be chosen.
    expect(within(options).getByRole('button', { name: /Khaleeji/ })).toBeDisabled();
    const sufi = within(options).getByRole('button', { name: /Sufi/ });
    expect(sufi).toHaveAttribute('aria-pressed', 'false');
    await user.click(sufi);
    expect(sufi).toHaveAttribute('aria-pressed', 'true');

    await waitFor(() => expect(within(list()).queryByText('Dawn Taqsim')).toBeNull());
    expect(within(list()).getByText('Sufi Night')).toBeVisible();
    expect(calls.some((c) => c.path === pathOf(Api.catalog.music) && c.query.getAll('genre[]').join() === '2')).toBe(
      true,
    );
    expect(calls.some((c) => c.path === pathOf(Api.catalog.filter) && c.query.getAll('genre[]').join() === '2')).toBe(
      true,
    );

    // Toggling the chip again removes the value…
    await user.click(sufi);
    expect(sufi).toHaveAttribute('aria-pressed', 'false');
    expect(await within(list()).findByText('Dawn Taqsim')).toBeVisible();

    // …and so does the × of the chosen chip.
    await user.click(sufi);
    const chosen = screen.getByRole('list', { name: 'Selected filters' });
    await user.click(within(chosen).getByRole('button', { name: 'Remove Sufi' }));
    expect(screen.queryByRole('list', { name: 'Selected filters' })).toBeNull();
    expect(sufi).toHaveAttribute('aria-pressed', 'false');
    expect(await within(list()).findByText('Dawn Taqsim')).toBeVisible();
  });

  it('filters by maqam and tonic, with counts, and keeps the selection in the URL', async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    const { router } = renderBrowser();
    await screen.findByText('Dawn Taqsim');

    await user.click(screen.getByRole('button', { name: 'Maqam' }));
    const options = await screen.findByRole('group', { name: 'Maqam options' });
    expect(within(options).getByRole('button', { name: /^Hijazkar\b/ })).toBeDisabled();
    await user.click(within(options).getByRole('button', { name: /^Hijaz\b/ }));
    expect(await within(list()).findByText('Hijaz Lament')).toBeVisible();
    expect(
      calls.some((c) => c.path === pathOf(Api.catalog.music) && c.query.getAll('maqam[]').join() === 'Hijaz'),
    ).toBe(true);
    expect(router.state.location.search).toBe('?maqam=Hijaz');

    await user.click(screen.getByRole('button', { name: 'Tonic' }));
    await user.click(
      within(await screen.findByRole('group', { name: 'Tonic options' })).getByRole('button', { name: /^D/ }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?maqam=Hijaz&tonic=D'));
    const chosen = screen.getByRole('list', { name: 'Selected filters' });
    expect(within(chosen).getByRole('button', { name: 'Remove Tonic: D' })).toBeVisible();
    expect(within(chosen).getByRole('button', { name: 'Remove Maqam: Hijaz' })).toBeVisible();
  });

  it('opens a shared filtered view from its URL', async () => {
    const calls = stubServer();
    renderBrowser("/?maqam=Hijaz&iqa=Sama'i%20Thaqil&genre=2,x&q=");
    expect(await within(await screen.findByRole('list', { name: 'Tracks' })).findByText('Hijaz Lament')).toBeVisible();
    const listCall = calls.find((c) => c.path === pathOf(Api.catalog.music))!;
    expect(listCall.query.getAll('maqam[]')).toEqual(['Hijaz']);
    expect(listCall.query.getAll('iqa[]')).toEqual(["Sama'i Thaqil"]);
    expect(listCall.query.getAll('genre[]')).toEqual(['2']);
    expect(await screen.findByRole('button', { name: "Remove Iqa': Sama'i Thaqil" })).toBeVisible();
  });

  it('searches on Enter and on the Search button, not while typing', async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    renderBrowser();
    await screen.findByText('Dawn Taqsim');

    const box = screen.getByPlaceholderText('search your favorite music');
    expect(box).toHaveAccessibleName('Search music');
    await user.type(box, 'bayati');
    expect(calls.filter((c) => c.path === pathOf(Api.catalog.search))).toHaveLength(0);
    await user.keyboard('{Enter}');

    expect(await within(list()).findByText('Bayati Dream')).toBeVisible();
    const searches = calls.filter((c) => c.path === pathOf(Api.catalog.search));
    expect(searches).toHaveLength(1);
    expect(searches[0]).toMatchObject({
      method: 'POST',
      body: { type: 'music', keyword: 'bayati', perPage: 10, page: 1 },
    });

    await user.clear(box);
    await user.type(box, 'hijaz');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.filter((c) => c.path === pathOf(Api.catalog.search))).toHaveLength(2));
    expect(calls.filter((c) => c.path === pathOf(Api.catalog.search))[1]?.body).toMatchObject({
      type: 'music',
      keyword: 'hijaz',
    });
  });

  it('searches loops on the loops page', async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    renderRoutes([{ path: '/', element: <CatalogBrowser kind="loop" title="All loops" headingId="t" /> }], {
      user: null,
    });
    const box = await screen.findByRole('combobox', { name: 'Search loops' });
    await user.type(box, 'darbuka{Enter}');
    await waitFor(() => expect(calls.some((c) => c.path === pathOf(Api.catalog.search))).toBe(true));
    expect(calls.find((c) => c.path === pathOf(Api.catalog.search))?.body).toMatchObject({
      type: 'loop',
      keyword: 'darbuka',
    });
    expect(calls.find((c) => c.path === pathOf(Api.catalog.filter))?.query.get('type')).toBe('loop');
  });

  it('shows No music found. when nothing matches', async () => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://x').pathname;
      if (path === pathOf(Api.catalog.filter)) return jsonResponse(200, filterResponse());
      return jsonResponse(200, { data: page([]) });
    });
    renderBrowser();
    expect(await screen.findByText('No music found.')).toBeVisible();
  });

  it('offers "Did you mean …?" under a search that found nothing, and runs it', async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    renderBrowser();
    await screen.findByText('Dawn Taqsim');
    const box = screen.getByPlaceholderText('search your favorite music');

    await user.type(box, 'zzz{Enter}');
    expect(await screen.findByText(/0 tracks/)).toBeVisible();
    expect(screen.queryByText(/Did you mean/)).toBeNull();

    await user.clear(box);
    await user.type(box, 'hjiza{Enter}');
    const link = await screen.findByRole('button', { name: 'hijaz' });
    expect(link.closest('p')).toHaveTextContent('Did you mean hijaz?');
    await user.click(link);

    expect(await within(list()).findByText('Hijaz Lament')).toBeVisible();
    expect(box).toHaveValue('hijaz');
    expect(screen.queryByText(/Did you mean/)).toBeNull();
    expect(
      calls.filter((c) => c.path === pathOf(Api.catalog.search)).map((c) => (c.body as { keyword: string }).keyword),
    ).toEqual(['zzz', 'hjiza', 'hijaz']);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Api, type TrackPage } from '@tarab/contracts';
import { jsonResponse, on, renderRoutes, stubRoutes } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { makeTracks } from '../testing/make-track';
import { KeywordResults } from './keyword-results';
import { applyFacetSuggestion } from './search-explanation';

/** Issue #32 item 12: a search says how many it found, how it read a typo, what else it names, what to try. */

const page = (overrides: Partial<TrackPage>): TrackPage => ({
  data: [],
  current_page: 1,
  per_page: 10,
  total: 0,
  last_page: 1,
  ...overrides,
});

function renderResults(answer: TrackPage, { arabic = false, keyword = 'hijas' } = {}) {
  const stub = stubRoutes([on(Api.catalog.search, () => jsonResponse(200, answer))]);
  vi.stubGlobal('fetch', stub.fetchStub);
  const onPickFacet = vi.fn();
  const routes = [
    {
      path: '/music',
      element: (
        <KeywordResults kind="music" keyword={keyword} onClear={vi.fn()} onSearch={vi.fn()} onPickFacet={onPickFacet} />
      ),
    },
  ];
  const rendered = arabic
    ? renderArabicRoutes(routes, { user: null, path: '/music' })
    : renderRoutes(routes, { user: null, path: '/music' });
  return { ...rendered, onPickFacet, calls: stub.calls };
}

describe('search that explains itself', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the result count and "Showing results for Hijaz" when the server corrected a typo', async () => {
    renderResults(page({ data: makeTracks(10), total: 24, last_page: 3, showing_results_for: 'Hijaz' }));
    expect(await screen.findByTestId('result-count')).toHaveTextContent('24 tracks');
    expect(screen.getByText(/Showing results for/)).toHaveTextContent('Showing results for Hijaz');
  });

  it('says nothing about a correction when the search was read as typed', async () => {
    renderResults(page({ data: makeTracks(1), total: 1 }), { keyword: 'oud' });
    expect(await screen.findByTestId('result-count')).toHaveTextContent('1 track');
    expect(screen.queryByText(/Showing results for/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Artists and albums' })).toBeNull();
  });

  it('lists the artists and albums the term names above the tracks, linked to their pages', async () => {
    renderResults(
      page({
        data: makeTracks(2),
        total: 2,
        artists: [{ id: 7, name: 'Nour Ensemble', image: { url: '/media/images/artists/n.svg' } }],
        albums: [
          {
            id: 3,
            title: 'Nour of Cairo',
            image: { url: '/media/images/albums/c.svg' },
            artist: { id: 7, name: 'Nour Ensemble' },
          },
        ],
      }),
      { keyword: 'nour' },
    );
    const strip = await screen.findByRole('region', { name: 'Artists and albums' });
    expect(within(strip).getByRole('link', { name: /Nour Ensemble\s*Artist/ })).toHaveAttribute(
      'href',
      '/artist/detail/7',
    );
    const album = within(strip).getByRole('link', { name: /Nour of Cairo/ });
    expect(album).toHaveAttribute('href', '/album/detail/3');
    expect(album).toHaveTextContent('Album · Nour Ensemble');
  });

  it('offers the filters the words name when nothing matched, and hands the picked one over', async () => {
    const { onPickFacet } = renderResults(
      page({
        facet_suggestions: [
          { facet: 'theme', value: '5', label: 'Wedding', word: 'wedding', count: 3 },
          { facet: 'mood', value: '2', label: 'Melancholic', word: 'sad', count: 7 },
        ],
      }),
      { keyword: 'sad wedding' },
    );
    const box = await screen.findByRole('region', { name: 'Suggested filters' });
    expect(within(box).getByText('No exact match. Try these filters:')).toBeInTheDocument();
    const chips = within(box).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['Theme: Wedding3', 'Mood: Melancholic7']);
    await userEvent.setup().click(chips[1]!);
    expect(onPickFacet).toHaveBeenCalledWith(expect.objectContaining({ facet: 'mood', value: '2', word: 'sad' }));
  });

  it('writes the correction, the names and the chips in Arabic on Arabic pages', async () => {
    renderResults(
      page({
        facet_suggestions: [{ facet: 'theme', value: '5', label: 'Wedding', word: 'wedding', count: 3 }],
      }),
      { arabic: true, keyword: 'sad wedding' },
    );
    const box = await screen.findByRole('region', { name: 'فلاتر مقترحة' });
    expect(within(box).getByRole('button')).toHaveTextContent('زفاف');
  });

  it('applying a suggestion adds its filter and drops its word from the keyword', () => {
    expect(applyFacetSuggestion({}, 'Sad wedding', { facet: 'theme', value: '5', word: 'wedding' })).toEqual({
      selection: { theme: [5] },
      keyword: 'Sad',
    });
    expect(applyFacetSuggestion({ theme: [5] }, 'Sad', { facet: 'mood', value: '2', word: 'sad' })).toEqual({
      selection: { theme: [5], mood: [2] },
      keyword: '',
    });
    expect(applyFacetSuggestion({}, 'حزينة عرس', { facet: 'maqam', value: 'Hijaz', word: 'حزينه' })).toEqual({
      selection: { maqam: ['Hijaz'] },
      keyword: 'عرس',
    });
  });
});

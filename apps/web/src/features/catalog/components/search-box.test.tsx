import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Api, pathOf, type Suggestion } from '@tarab/contracts';
import { jsonResponse, renderRoutes } from '@/testing/render-app';
import { SearchBox, SUGGEST_DEBOUNCE_MS } from './search-box';

const suggestions: Suggestion[] = [
  { kind: 'maqam', label: 'Hijaz', target: { type: 'search', keyword: 'Hijaz' } },
  { kind: 'instrument', label: 'Oud', target: { type: 'instrument', id: 30, name: 'Oud' } },
  { kind: 'artist', label: 'Hadi Karam', target: { type: 'artist', id: 7 } },
  { kind: 'title', label: 'Hidden Oasis', target: { type: 'search', keyword: 'Hidden Oasis' } },
];

/** A fake server answering GET /api/search/suggest; records every `q` asked. */
function stubSuggest() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    if (url.pathname !== pathOf(Api.catalog.suggest)) return jsonResponse(404, { message: 'Not found' });
    asked.push(`${url.searchParams.get('q')}|${url.searchParams.get('type')}`);
    return jsonResponse(200, { data: url.searchParams.get('q') === 'zz' ? [] : suggestions });
  });
  return asked;
}

/** Lets the debounce and the answer (fetch, query notifications) run on the fake clock. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS + 50));

/** Types into the box, then lets the suggestions for it come in. */
async function typeAndSettle(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await user.type(box, text);
  await settle();
  await settle();
}

function renderBox() {
  const onSearch = vi.fn();
  const rendered = renderRoutes(
    [
      {
        path: '/',
        element: <SearchBox value="" onSearch={onSearch} label="Search music" suggestFor="music" />,
      },
      { path: '/artist/detail/:id', element: <p>artist page</p> },
      { path: '/music/details/:id', element: <p>category page</p> },
    ],
    { user: null },
  );
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const box = screen.getByRole('combobox', { name: 'Search music' });
  return { ...rendered, onSearch, user, box };
}

describe('SearchBox suggestions', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Testing Library advances fake timers in its async wrapper when it sees `jest`; Vitest's are the same kind.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks once typing pauses (debounced) and lists suggestions with their kind under the box', async () => {
    const asked = stubSuggest();
    const { user, box } = renderBox();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');

    await user.type(box, 'hi');
    expect(asked).toEqual([]);
    await settle();
    await settle();
    expect(asked).toEqual(['hi|music']);

    const list = screen.getByRole('listbox', { name: 'Search music suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'HijazMaqam',
      'OudInstrument',
      'Hadi KaramArtist',
      'Hidden OasisTrack',
    ]);

    // Nothing to offer: the list closes.
    await user.clear(box);
    await typeAndSettle(user, box, 'zz');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves with ArrowDown/ArrowUp, picks with Enter and runs that search', async () => {
    stubSuggest();
    const { user, box, onSearch } = renderBox();
    await typeAndSettle(user, box, 'hi');
    const options = screen.getAllByRole('option');

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    // Above the first: back to the text, then wrapping to the last.
    expect(box).toHaveAttribute('aria-activedescendant', options[3]!.id);
    await user.keyboard('{ArrowDown}');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}{Enter}');

    expect(onSearch).toHaveBeenCalledExactlyOnceWith('Hijaz');
    expect(box).toHaveValue('Hijaz');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter without a chosen suggestion searches the text; Escape closes the list', async () => {
    stubSuggest();
    const { user, box, onSearch } = renderBox();
    await typeAndSettle(user, box, 'hi');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('hi');
    // ArrowDown opens it again.
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}{Enter}');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('hi');
  });

  it('chooses with the keys only: hovering a suggestion, Home or End choose nothing; leaving the box picks nothing', async () => {
    stubSuggest();
    const { user, box, onSearch } = renderBox();
    await typeAndSettle(user, box, 'hi');
    const options = screen.getAllByRole('option');

    await user.hover(options[1]!);
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(options[1]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{Home}{End}');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.tab();
    expect(box).not.toHaveFocus();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('hi');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('opens an artist’s page or an instrument’s page', async () => {
    stubSuggest();
    const { user, box, router } = renderBox();
    await typeAndSettle(user, box, 'ha');
    await user.click(screen.getByRole('option', { name: /Hadi Karam/ }));
    expect(router.state.location.pathname).toBe('/artist/detail/7');

    await act(() => router.navigate('/'));
    const again = screen.getByRole('combobox', { name: 'Search music' });
    await typeAndSettle(user, again, 'ou');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/music/details/30');
    expect(router.state.location.search).toBe('?title=Oud&type=Instruments');
  });
});

import { Api, pathOf } from '@tarab/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, stubRoutes } from '@/testing/render-app';
import { HomeHero } from './home-hero';

const render = () => renderRoutes([{ path: '/', element: <HomeHero /> }], { user: null });

/** The figure of a stat of the hero's list ("tracks", "loops"). */
const statOf = (label: string) => {
  const list = document.querySelector<HTMLElement>('dl[aria-label="The catalog"]');
  expect(list).not.toBeNull();
  return within(list as HTMLElement).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
};

describe('HomeHero', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the catalog's real counts, rounded down, from GET /api/catalog/stats", async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.catalog.stats, () => jsonResponse(200, { data: { tracks: 96, loops: 45 } })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    render();

    expect(await screen.findByText('90+')).toBeInTheDocument();
    expect(statOf('tracks')).toBe('90+');
    expect(statOf('loops')).toBe('40+');
    expect(screen.queryByText(/50,000|200,000/)).toBeNull();
    expect(calls.map((call) => call.url)).toEqual([pathOf(Api.catalog.stats)]);
  });

  it('shows a dash, not a made-up figure, until the counts are known', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    render();
    expect(statOf('tracks')).toBe('—');
    expect(statOf('loops')).toBe('—');
    expect(screen.queryByText(/50,000|200,000/)).toBeNull();
  });
});

import { Api, pathOf } from '@tarab/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render-app';
import { makeTrack } from '../testing/make-track';
import { musicalSummaryOf } from './track-row';
import { TuningMenu } from './tuning-menu';

describe('TuningMenu', () => {
  it('offers the .scl and .kbm of the row and the help page, by keyboard', async () => {
    const user = userEvent.setup();
    const track = makeTrack(42, { kind: 'loop', title: 'Ney Phrase', maqam: 'Sikah', key: 'E half-flat' });
    renderRoutes([{ path: '/', element: <TuningMenu track={track} /> }], { user: null });

    const button = screen.getByRole('button', { name: 'Tuning files of Ney Phrase' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Tuning files: Sikah on E half-flat' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.getAttribute('href'))).toEqual([
      pathOf(Api.tuning.file, { kind: 'loop', file: '42.scl' }),
      pathOf(Api.tuning.file, { kind: 'loop', file: '42.kbm' }),
      '/tuning',
    ]);
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('is absent for an item without maqam or tonic', () => {
    renderRoutes([{ path: '/', element: <TuningMenu track={makeTrack(1, { maqam: null, key: null })} /> }], {
      user: null,
    });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("summarises maqam, tonic and iqa' for the row", () => {
    expect(musicalSummaryOf(makeTrack(1, { maqam: 'Bayati', key: 'D', iqa: 'Maqsum', meter: '4/4' }))).toBe(
      'Bayati on D · Maqsum (4/4)',
    );
    expect(musicalSummaryOf(makeTrack(1, { maqam: null, key: null, iqa: null, meter: null }))).toBeNull();
  });
});

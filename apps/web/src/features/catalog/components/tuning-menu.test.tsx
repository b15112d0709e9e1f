import { Api, pathOf } from '@tarab/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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

  it('wraps with the arrows; Tab closes it and moves on from its button; a press outside closes it', async () => {
    const user = userEvent.setup();
    const track = makeTrack(42, { kind: 'loop', title: 'Ney Phrase', maqam: 'Sikah', key: 'E half-flat' });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <TuningMenu track={track} />
              <button type="button">Next</button>
            </>
          ),
        },
      ],
      { user: null },
    );
    const button = screen.getByRole('button', { name: 'Tuning files of Ney Phrase' });
    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Tuning files: Sikah on E half-flat' });
    const items = within(menu).getAllByRole('menuitem');
    await vi.waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard('{ArrowUp}');
    expect(items[2]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items[2]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items[0]).toHaveFocus();

    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();

    await user.click(button);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on a tap once the finger lifts, not when it lands (a scroll may start there)', async () => {
    const user = userEvent.setup();
    const track = makeTrack(42, { kind: 'loop', title: 'Ney Phrase', maqam: 'Sikah', key: 'E half-flat' });
    renderRoutes([{ path: '/', element: <TuningMenu track={track} /> }], { user: null });
    const button = screen.getByRole('button', { name: 'Tuning files of Ney Phrase' });
    await user.pointer({ keys: '[TouchA>]', target: button });
    expect(screen.queryByRole('menu')).toBeNull();
    await user.pointer({ keys: '[/TouchA]', target: button });
    expect(screen.getByRole('menu', { name: 'Tuning files: Sikah on E half-flat' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // A second tap closes it.
    await user.pointer({ keys: '[TouchA]', target: button });
    expect(screen.queryByRole('menu')).toBeNull();
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

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInIntl } from '@/testing/render-app';
import { Tabs } from './tabs';

type Id = 'playlists' | 'downloads' | 'favorite';

function Harness({ initial = 'playlists' }: { initial?: Id }) {
  const [value, setValue] = useState<Id>(initial);
  return (
    <>
      <button type="button">Before</button>
      <Tabs
        label="Saved"
        value={value}
        onChange={setValue}
        tabs={[
          { id: 'playlists', label: 'Playlists', panel: <p>Playlists panel</p> },
          { id: 'downloads', label: 'Downloads', panel: <p>Downloads panel</p> },
          { id: 'favorite', label: 'Favorite', panel: <p>Favorite panel</p> },
        ]}
      />
    </>
  );
}

describe('Tabs', () => {
  it('has a named tab list with one selected tab controlling the visible panel', () => {
    renderInIntl(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Saved' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Playlists', 'Downloads', 'Favorite']);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    const panel = screen.getByRole('tabpanel', { name: 'Playlists' });
    expect(panel).toHaveTextContent('Playlists panel');
    expect(tabs[0]).toHaveAttribute('aria-controls', panel.id);
    // Only the selected panel is there.
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });

  it('is one stop in the Tab order, on the selected tab, then its panel', async () => {
    renderInIntl(<Harness initial="downloads" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Downloads' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Downloads' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('tab', { name: 'Downloads' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Before' })).toHaveFocus();
  });

  it('moves with the arrow keys (wrapping), Home and End', async () => {
    renderInIntl(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Playlists' }));

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Downloads' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Downloads' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Downloads panel');

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Playlists' })).toHaveFocus();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Favorite' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Favorite panel');

    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Playlists' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Favorite' })).toHaveAttribute('aria-selected', 'true');
  });

  it('selects a tab on click', async () => {
    renderInIntl(<Harness />);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Favorite' }));
    expect(screen.getByRole('tabpanel', { name: 'Favorite' })).toHaveTextContent('Favorite panel');
  });
});

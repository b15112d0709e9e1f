import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInIntl } from '@/testing/render-app';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTrack } from '@/testing/make-track';
import { useAuditionStore } from '../stores/audition-store';
import { AuditionButton } from './audition-button';

const render = renderInIntl;

const loop = (id: number, audition_url?: string) =>
  makeTrack(id, {
    kind: 'loop',
    title: `Loop ${id}`,
    bpm: 100,
    duration_seconds: 4.8,
    key: 'D',
    ...(audition_url ? { audition_url } : {}),
  });

describe('AuditionButton', () => {
  afterEach(() => useAuditionStore.setState({ layers: [], playing: false, message: '' }));

  it('is a named toggle on loops that have an audition file, and nothing elsewhere', () => {
    const { rerender } = render(<AuditionButton track={loop(1, '/media/auditions/loop-1.wav')} />);
    const button = screen.getByRole('button', { name: 'Audition Loop 1 in the project' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    rerender(<AuditionButton track={loop(2)} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<AuditionButton track={makeTrack(3, { audition_url: '/media/auditions/x.wav' })} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is there on phones too (issue #32: it was hidden below 640 px)', () => {
    render(<AuditionButton track={loop(1, '/media/auditions/loop-1.wav')} />);
    const button = screen.getByRole('button', { name: 'Audition Loop 1 in the project' });
    expect(button).toHaveClass('grid');
    expect(button.className).not.toMatch(/(^|\s)hidden(\s|$)/);
  });

  it('shows a loop in the project as pressed', () => {
    useAuditionStore.setState({
      layers: [{ id: 1, title: 'Loop 1', bpm: 100, tonic: 'D', volume: 0.8, muted: false, status: 'ready' }],
    });
    render(<AuditionButton track={loop(1, '/media/auditions/loop-1.wav')} />);
    expect(screen.getByRole('button', { name: 'Audition Loop 1 in the project' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says so when the browser cannot play it (no Web Audio here), and leaves the project empty', async () => {
    render(<AuditionButton track={loop(1, '/media/auditions/loop-1.wav')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Audition Loop 1 in the project' }));
    expect(useAuditionStore.getState().message).toBe('Loop 1 could not be loaded.');
    expect(useAuditionStore.getState().layers).toEqual([]);
    expect(screen.getByRole('button', { name: 'Audition Loop 1 in the project' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});

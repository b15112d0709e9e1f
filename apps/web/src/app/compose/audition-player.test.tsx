import { renderHook } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuditionStore } from '@/features/audition/stores/audition-store';
import { initialPlayerState, usePlayerStore } from '@/features/player/stores/player-store';
import { makeTrack } from '@/testing/make-track';
import { usePlayerAuditionExclusion } from './audition-player';

describe('the player dock and loop audition never play together (issue 18)', () => {
  afterEach(() => {
    usePlayerStore.setState(initialPlayerState);
    useAuditionStore.setState({ playing: false, layers: [], message: '' });
  });

  it('audition starting pauses the dock; the dock starting stops audition', () => {
    renderHook(() => usePlayerAuditionExclusion());
    act(() => usePlayerStore.getState().setTrack(makeTrack(1, { title: 'Desert Caravan' })));
    expect(usePlayerStore.getState().isPlaying).toBe(true);

    // The audition store's own play() needs an AudioContext; its state change is what the other side sees.
    act(() => useAuditionStore.setState({ playing: true }));
    expect(usePlayerStore.getState().isPlaying).toBe(false);
    expect(usePlayerStore.getState().currentTrack?.title).toBe('Desert Caravan');

    act(() => usePlayerStore.getState().play());
    expect(usePlayerStore.getState().isPlaying).toBe(true);
    expect(useAuditionStore.getState().playing).toBe(false);
    expect(useAuditionStore.getState().message).toBe('Project stopped.');
  });
});

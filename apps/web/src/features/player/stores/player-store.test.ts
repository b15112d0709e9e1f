import { beforeEach, describe, expect, it } from 'vitest';
import type { TrackDto } from '@tarab/contracts';
import { makeTrack } from '@/testing/make-track';
import { initialPlayerState, usePlayerStore } from './player-store';

const track = (id: number): TrackDto => makeTrack(id, { bpm: 100, duration: '0:30', duration_seconds: 30 });

const list = [track(1), track(2), track(3)];
const state = () => usePlayerStore.getState();

describe('player store', () => {
  beforeEach(() => usePlayerStore.setState(initialPlayerState));

  it('starts empty, not playing, at full volume', () => {
    expect(state().currentTrack).toBeNull();
    expect(state().isPlaying).toBe(false);
    expect(state().volume).toBe(1);
  });

  it('setting a track makes it current and playing, with the list as queue', () => {
    state().setTrack(list[1]!, list);
    expect(state().currentTrack?.id).toBe(2);
    expect(state().isPlaying).toBe(true);
    expect(state().queue.map((t) => t.id)).toEqual([1, 2, 3]);
    expect(state().currentTime).toBe(0);
    expect(state().duration).toBe(30);
  });

  it('toggle flips play and pause; it does nothing without a track', () => {
    state().toggle();
    expect(state().isPlaying).toBe(false);
    state().setTrack(list[0]!, list);
    state().toggle();
    expect(state().isPlaying).toBe(false);
    state().toggle();
    expect(state().isPlaying).toBe(true);
  });

  it('playTrack toggles the current track and starts another one', () => {
    state().playTrack(list[0]!, list);
    expect(state().isPlaying).toBe(true);
    state().playTrack(list[0]!, list);
    expect(state().currentTrack?.id).toBe(1);
    expect(state().isPlaying).toBe(false);
    state().playTrack(list[2]!, list);
    expect(state().currentTrack?.id).toBe(3);
    expect(state().isPlaying).toBe(true);
  });

  it('next and previous move within the queue and start playing', () => {
    state().setTrack(list[0]!, list);
    state().stop();
    state().next();
    expect(state().currentTrack?.id).toBe(2);
    expect(state().isPlaying).toBe(true);
    state().stop();
    state().previous();
    expect(state().currentTrack?.id).toBe(1);
    expect(state().isPlaying).toBe(true);
  });

  it('stops at both ends of the queue', () => {
    state().setTrack(list[0]!, list);
    state().previous();
    expect(state().currentTrack?.id).toBe(1);

    state().setTrack(list[2]!, list);
    state().next();
    expect(state().currentTrack?.id).toBe(3);
    expect(state().isPlaying).toBe(true);
  });

  it('at the end of a track plays the next one, and stops after the last', () => {
    state().setTrack(list[1]!, list);
    state().ended();
    expect(state().currentTrack?.id).toBe(3);
    expect(state().isPlaying).toBe(true);
    state().ended();
    expect(state().currentTrack?.id).toBe(3);
    expect(state().isPlaying).toBe(false);
  });

  it('stop pauses and keeps the track', () => {
    state().setTrack(list[0]!, list);
    state().stop();
    expect(state().isPlaying).toBe(false);
    expect(state().currentTrack?.id).toBe(1);
  });

  it('close pauses, goes back to the start and clears the track', () => {
    state().setTrack(list[0]!, list);
    state().setTime(12, 30);
    state().setExpanded(true);
    state().close();
    expect(state().isPlaying).toBe(false);
    expect(state().currentTrack).toBeNull();
    expect(state().currentTime).toBe(0);
    expect(state().progress).toBe(0);
    expect(state().isExpanded).toBe(false);
  });

  it('seeks within the track and asks the audio element to follow', () => {
    state().setTrack(list[0]!, list);
    state().seek(15);
    expect(state().currentTime).toBe(15);
    expect(state().progress).toBe(0.5);
    expect(state().seekRequest?.time).toBe(15);
    state().seekBy(-20);
    expect(state().currentTime).toBe(0);
    state().seekBy(100);
    expect(state().currentTime).toBe(30);
  });

  it('keeps the volume between 0 and 1', () => {
    state().setVolume(0.42);
    expect(state().volume).toBe(0.42);
    state().setVolume(2);
    expect(state().volume).toBe(1);
    state().setVolume(-1);
    expect(state().volume).toBe(0);
  });

  it('reports time and progress from the audio element', () => {
    state().setTrack(list[0]!, list);
    state().setTime(3, 12);
    expect(state().duration).toBe(12);
    expect(state().progress).toBeCloseTo(0.25);
    state().setTime(4, Number.NaN);
    expect(state().duration).toBe(12);
  });

  it('counts picks from a list (small screens open the player on each)', () => {
    const before = state().selection;
    state().setTrack(list[0]!, list);
    state().next();
    expect(state().selection).toBe(before + 1);
  });
});

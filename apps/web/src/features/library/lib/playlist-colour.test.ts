import { describe, expect, it } from 'vitest';
import { PLAYLIST_COLOURS, playlistColour, playlistInitial } from './playlist-colour';

describe('playlistColour', () => {
  it('is stable for an id and comes from the palette', () => {
    expect(playlistColour(7)).toBe(playlistColour('7'));
    expect(PLAYLIST_COLOURS).toContain(playlistColour(7));
  });

  it('spreads consecutive ids over the palette', () => {
    const used = new Set(Array.from({ length: 40 }, (_, i) => playlistColour(i + 1)));
    expect(used.size).toBeGreaterThanOrEqual(PLAYLIST_COLOURS.length - 1);
  });
});

describe('playlistInitial', () => {
  it('is the first letter, upper-cased', () => {
    expect(playlistInitial('  oud sessions')).toBe('O');
    expect(playlistInitial('طرب')).toBe('ط');
    expect(playlistInitial('')).toBe('?');
  });
});

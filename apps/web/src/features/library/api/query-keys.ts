/** The library's query keys: everything under `library`, playlists' details under `playlists`. */
export const libraryKeys = {
  all: ['library'] as const,
  playlists: () => ['library', 'playlists'] as const,
  playlist: (id: number | string) => ['library', 'playlists', String(id)] as const,
  favourites: () => ['library', 'favourites'] as const,
};

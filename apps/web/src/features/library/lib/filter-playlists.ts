/** Spec §2: the playlists whose name contains `query`, case-insensitively. */
export function filterPlaylists<T extends { name: string }>(playlists: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [...playlists];
  return playlists.filter((playlist) => playlist.name.toLocaleLowerCase().includes(needle));
}

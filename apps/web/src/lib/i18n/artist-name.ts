/**
 * An artist's name and bio in the page's language (issue 32 item 8, decision 061): the Arabic form on
 * Arabic pages when the artist has one, the Latin one otherwise. Works with every shape that carries
 * an artist: `ArtistDto` (`name`/`name_ar`), a track's or album's `artist` (`ArtistRef`), and flat rows
 * (`artist_name`/`artist_name_ar`).
 *
 * Wherever the result is shown inside text of the other direction, isolate it (`<bdi>`, `dir="auto"`,
 * or `ltr()` in strings): a Latin name on an Arabic page keeps its full stop at its end.
 */
type NamedArtist = { name: string; name_ar?: string | null | undefined };
type FlatArtist = { artist_name: string; artist_name_ar?: string | null | undefined };

export function artistNameIn(locale: string, artist: NamedArtist | FlatArtist): string {
  const [latin, arabic] =
    'artist_name' in artist ? [artist.artist_name, artist.artist_name_ar] : [artist.name, artist.name_ar];
  return locale === 'ar' && arabic ? arabic : latin;
}

export function artistBioIn(locale: string, artist: { bio: string; bio_ar?: string | null | undefined }): string {
  return locale === 'ar' && artist.bio_ar ? artist.bio_ar : artist.bio;
}

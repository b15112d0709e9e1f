import type { TrackDetailDto } from '@tarab/contracts';
import { arabicNameOf } from '@tarab/contracts/lexicon';
import { arabicNoteOf } from '@tarab/contracts/notes';
import { locales, localizePath, type Locale } from '@tarab/contracts/locales';
import { pagePatterns } from '@tarab/contracts/pages';

/**
 * The head of a track's or loop's page (`/track/{id}`, `/ar/track/{id}`; issue #32), written by the
 * server into the app's shell: the page's title and description in its language, its canonical URL
 * and language alternates, Open Graph and Twitter card tags, and schema.org `MusicRecording` JSON-LD.
 * A search engine or a link preview reads them without running the app; the app then renders the page
 * (and sets the same title) on top. Absolute URLs start with `base` (PUBLIC_URL, as the sitemap's).
 */
export interface TrackPageHead {
  title: string;
  description: string;
  /** The tags that go before `</head>` (meta, link, JSON-LD script). */
  tags: string;
}

/** `/track/{id}` → the id, for any page path without its locale prefix; null for any other path. */
export function trackIdOfPath(pathname: string): number | null {
  const prefix = pagePatterns.track.replace(':id', '');
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length).replace(/\/+$/, '');
  if (!/^[1-9]\d{0,9}$/.test(rest)) return null;
  const id = Number(rest);
  return id <= 2_147_483_647 ? id : null;
}

export const trackPagePath = (id: number): string => pagePatterns.track.replace(':id', String(id));

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside `<script>`: `<`, `>`, `&` and the line separators escaped, so no text ends the script. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** ISO 8601 duration of seconds: `PT3M12S`. */
function isoDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `PT${m ? `${m}M` : ''}${s || !m ? `${s}S` : ''}`;
}

/** Left-to-right isolation (FSI…PDI) of numbers with units inside Arabic text (decision 046). */
const isolate = (locale: Locale, text: string) => (locale === 'ar' ? `\u2068${text}\u2069` : text);

const nameIn = (locale: Locale, name: string) => (locale === 'ar' ? (arabicNameOf(name) ?? name) : name);

/** "Bayati on D · Maqsum (4/4) · 92 BPM · 3:12", or its Arabic form. */
function factsLine(track: TrackDetailDto, locale: Locale): string {
  const ar = locale === 'ar';
  const maqam = track.maqam ? nameIn(locale, track.maqam) : null;
  const tonic = track.key ? (ar ? (arabicNoteOf(track.key) ?? track.key) : track.key) : null;
  const scale = maqam ? (tonic ? `${maqam} ${ar ? 'على' : 'on'} ${tonic}` : maqam) : null;
  const iqa = track.iqa ? nameIn(locale, track.iqa) : null;
  const rhythm = iqa ? (track.meter ? `${iqa} (${isolate(locale, track.meter)})` : iqa) : null;
  const bpm = track.bpm ? isolate(locale, `${track.bpm} BPM`) : null;
  return [scale, rhythm, bpm, isolate(locale, track.duration)].filter(Boolean).join(' · ');
}

const localTitle = (item: { title: string; title_ar?: string | null | undefined }, locale: Locale) =>
  locale === 'ar' && item.title_ar ? item.title_ar : item.title;

/** The page's `<title>`, as the app writes it (`document.pageTitle`). */
const trackPageTitle = (track: TrackDetailDto, locale: Locale): string =>
  `${localTitle(track, locale)} · ${locale === 'ar' ? 'طرب' : 'Tarab'}`;

/** The page's description: its musical facts, what it is, by whom, from which album. */
function trackPageDescription(track: TrackDetailDto, locale: Locale): string {
  const facts = factsLine(track, locale);
  const album = track.album ? localTitle(track.album, locale) : null;
  if (locale === 'ar') {
    const what = track.kind === 'loop' ? 'حلقة شرقية خالية من حقوق الملكية' : 'مقطوعة شرقية خالية من حقوق الملكية';
    const from = album ? `، من ألبوم «${album}»` : '';
    // The artist's Arabic name when there is one (decision 061).
    return `${facts} — ${what} من ${track.artist.name_ar ?? track.artist.name}${from}. استمع إليها ورخّصها على طرب.`;
  }
  const what = track.kind === 'loop' ? 'A royalty-free oriental loop' : 'A royalty-free oriental track';
  const from = album ? `, from the album ${album}` : '';
  return `${facts} — ${what} by ${track.artist.name}${from}. Preview and license it on Tarab.`;
}

const ogLocale: Record<Locale, string> = { en: 'en_US', ar: 'ar_AR' };

/** An app URL (`/media/…`, `/artist/detail/3`) as an absolute one; absolute ones as they are. */
const absolute = (base: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${base}${url}`);

/** schema.org `MusicRecording` of the track, in the page's language. */
function trackJsonLd(track: TrackDetailDto, locale: Locale, base: string): Record<string, unknown> {
  const url = base + localizePath(trackPagePath(track.id), locale);
  const tags = [...track.genre, ...track.mood, ...track.theme, ...track.instrument].map((t) => nameIn(locale, t.name));
  const keywords = [
    track.maqam ? nameIn(locale, track.maqam) : null,
    track.iqa ? nameIn(locale, track.iqa) : null,
    ...tags,
  ].filter((k): k is string => Boolean(k));
  return {
    '@context': 'https://schema.org',
    '@type': 'MusicRecording',
    '@id': base + trackPagePath(track.id),
    url,
    name: localTitle(track, locale),
    ...(track.title_ar && locale === 'en' ? { alternateName: track.title_ar } : {}),
    ...(track.title_ar && locale === 'ar' ? { alternateName: track.title } : {}),
    description: trackPageDescription(track, locale),
    inLanguage: locale,
    duration: isoDuration(track.duration_seconds),
    ...(track.genre.length ? { genre: track.genre.map((g) => nameIn(locale, g.name)) } : {}),
    ...(keywords.length ? { keywords: keywords.join(', ') } : {}),
    ...(track.album?.image.url ? { image: absolute(base, track.album.image.url) } : {}),
    byArtist: {
      '@type': 'MusicGroup',
      name: track.artist.name,
      url: base + localizePath(`/artist/detail/${track.artist.id}`, locale),
    },
    ...(track.album
      ? {
          inAlbum: {
            '@type': 'MusicAlbum',
            name: localTitle(track.album, locale),
            url: base + localizePath(`/album/detail/${track.album.id}`, locale),
          },
        }
      : {}),
    audio: {
      '@type': 'AudioObject',
      contentUrl: absolute(base, track.cr_public_id),
      encodingFormat: 'audio/mpeg',
      duration: isoDuration(track.duration_seconds),
    },
    ...(track.bpm ? { additionalProperty: [{ '@type': 'PropertyValue', name: 'BPM', value: track.bpm }] } : {}),
    datePublished: track.created_at.slice(0, 10),
    publisher: {
      '@type': 'Organization',
      name: locale === 'ar' ? 'طرب' : 'Tarab',
      url: base + localizePath('/', locale),
    },
  };
}

/** The head of a track's page in `locale` (see the top of this file). */
export function trackPageHead(track: TrackDetailDto, locale: Locale, base: string): TrackPageHead {
  const title = trackPageTitle(track, locale);
  const description = trackPageDescription(track, locale);
  const path = trackPagePath(track.id);
  const url = base + localizePath(path, locale);
  const image = track.album?.image.url ? absolute(base, track.album.image.url) : null;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `    <meta ${attribute}="${key}" content="${escapeHtml(content)}" />\n`;
  const tags = [
    `    <link rel="canonical" href="${escapeHtml(url)}" />\n`,
    ...locales.map(
      (l) => `    <link rel="alternate" hreflang="${l}" href="${escapeHtml(base + localizePath(path, l))}" />\n`,
    ),
    `    <link rel="alternate" hreflang="x-default" href="${escapeHtml(base + localizePath(path, 'en'))}" />\n`,
    meta('property', 'og:type', 'music.song'),
    meta('property', 'og:site_name', locale === 'ar' ? 'طرب' : 'Tarab'),
    meta('property', 'og:title', localTitle(track, locale)),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', ogLocale[locale]),
    ...locales.filter((l) => l !== locale).map((l) => meta('property', 'og:locale:alternate', ogLocale[l])),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('property', 'og:audio', absolute(base, track.cr_public_id)),
    meta('property', 'og:audio:type', 'audio/mpeg'),
    meta('property', 'music:duration', String(Math.round(track.duration_seconds))),
    meta('property', 'music:musician', base + localizePath(`/artist/detail/${track.artist.id}`, locale)),
    ...(track.album
      ? [meta('property', 'music:album', base + localizePath(`/album/detail/${track.album.id}`, locale))]
      : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', localTitle(track, locale)),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    `    <script type="application/ld+json">${scriptJson(trackJsonLd(track, locale, base))}</script>\n`,
  ].join('');
  return { title, description, tags };
}

/**
 * The shell (`index.html`, or the locale's shell) with the track page's head: its title and
 * description replace the store's, the other tags go before `</head>`.
 */
export function withTrackPageHead(shell: string, head: TrackPageHead): string {
  return shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', () => `${head.tags}  </head>`);
}

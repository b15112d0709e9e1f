import type { FacetSuggestion, SearchAlbumMatch, SearchArtistMatch, TrackKind } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import * as repo from './catalog.repo.js';
import {
  findAlbumsMatching,
  findArtistsMatching,
  findSimilarTerms,
  findWordsWithTerms,
} from './catalog-search.repo.js';
import { mediaUrl } from './catalog.mapper.js';
import { IQA_NAMES, MAQAM_NAMES } from './musical-facets.js';
import { foldWord, lexiconEntryOf } from './search-lexicon.js';
import { editDistance, tokenize, transpositionsOf } from './search-query.js';

/**
 * Search that explains itself (issue #32 item 12; decision 057): what a keyword search tells beside its
 * tracks — the keyword as it was read when a typo was corrected, the artists and albums the term names,
 * and, when nothing matched, the filters the typed words name.
 */

/** How many artists and albums the strip above the tracks shows. */
const MAX_NAME_MATCHES = 4;
/** How many filter chips a search that found nothing offers. */
const MAX_FACET_SUGGESTIONS = 6;

/**
 * Everyday English words for the store's moods, themes, genres and regions (the lexicon holds the
 * catalog's own names, their spellings and Arabic names). Read only to suggest filters, never to
 * widen a search: "sad" stays a word the search looks for.
 */
const facetSynonyms: Readonly<Record<string, string>> = {
  sad: 'melancholic',
  sorrow: 'melancholic',
  sorrowful: 'melancholic',
  melancholy: 'melancholic',
  gloomy: 'melancholic',
  nostalgic: 'melancholic',
  happy: 'joyful',
  cheerful: 'joyful',
  uplifting: 'joyful',
  joy: 'joyful',
  festive: 'joyful',
  calm: 'meditative',
  relaxing: 'meditative',
  relax: 'meditative',
  peaceful: 'meditative',
  chill: 'meditative',
  meditation: 'meditative',
  spiritual: 'mystical',
  mysterious: 'mystical',
  mystic: 'mystical',
  love: 'romantic',
  romance: 'romantic',
  dramatic: 'epic',
  heroic: 'epic',
  trailer: 'epic',
  upbeat: 'energetic',
  powerful: 'energetic',
  energy: 'energetic',
  suspense: 'tense',
  tension: 'tense',
  thriller: 'tense',
  marriage: 'wedding',
  bridal: 'wedding',
  journey: 'travel',
  trip: 'travel',
  nighttime: 'night',
  evening: 'night',
  market: 'bazaar',
  souk: 'bazaar',
  sahara: 'desert',
  dunes: 'desert',
  film: 'cinematic',
  movie: 'cinematic',
  egyptian: 'egypt',
  persian: 'persia',
  levantine: 'levant',
  moroccan: 'maghreb',
};

/** The catalog words a typed (folded) word may mean: itself, its lexicon term, its everyday synonym. */
function meaningsOf(word: string): string[] {
  const entry = lexiconEntryOf(word);
  return [...new Set([word, ...(entry ? [entry.term] : []), ...(facetSynonyms[word] ? [facetSynonyms[word]] : [])])];
}

type Candidate = Omit<FacetSuggestion, 'count'> & { order: number };

/** A name matches a meaning when it is that word, or one of its words is (`dance` → Belly Dance). */
const namesMeaning = (name: string, meanings: readonly string[]) => {
  const folded = foldWord(name);
  return meanings.some((m) => folded === m || folded.split(/\s+/).includes(m));
};

/** Close enough for a typo: one edit for words of 5 to 7 letters, two beyond (`weding` → wedding). */
const closeTo = (name: string, word: string) => {
  const length = [...word].length;
  if (length < 5) return false;
  return editDistance(foldWord(name), word) <= (length >= 8 ? 2 : 1);
};

/**
 * The filters the words of a search that found nothing name, each with how many tracks of `kind` it
 * alone gives (only those that give some): tags (genres, moods, themes, instruments, regions) by name,
 * lexicon spelling, Arabic name or everyday synonym, maqamat and iqa'at by their lexicon entry.
 */
export async function suggestFacets(db: DbOrTx, kind: TrackKind, keyword: string): Promise<FacetSuggestion[]> {
  const words = tokenize(keyword);
  if (words.length === 0) return [];
  const tags = await repo.findTags(db);
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  const add = (c: Candidate) => {
    const key = `${c.facet}:${c.value}`;
    if (seen.has(key)) return;
    seen.add(key);
    candidates.push(c);
  };
  words.forEach((word, order) => {
    const meanings = meaningsOf(word);
    const entry = lexiconEntryOf(word);
    let found = false;
    if (entry?.kind === 'maqam' && MAQAM_NAMES.includes(entry.label)) {
      add({ facet: 'maqam', value: entry.label, label: entry.label, word, order });
      found = true;
    }
    if (entry?.kind === 'rhythm' && IQA_NAMES.includes(entry.label)) {
      add({ facet: 'iqa', value: entry.label, label: entry.label, word, order });
      found = true;
    }
    for (const tag of tags) {
      if (!namesMeaning(tag.name, meanings)) continue;
      add({ facet: tag.kind, value: String(tag.id), label: tag.name, word, order });
      found = true;
    }
    if (found) return;
    // A typo of a facet's name.
    for (const tag of tags) {
      if (closeTo(tag.name, word)) add({ facet: tag.kind, value: String(tag.id), label: tag.name, word, order });
    }
  });
  const counted = await Promise.all(
    candidates.slice(0, MAX_FACET_SUGGESTIONS * 2).map(async ({ order: _order, ...c }) => {
      const count = await repo.countTracks(db, criteriaOf(kind, c));
      return { ...c, count };
    }),
  );
  return counted.filter((c) => c.count > 0).slice(0, MAX_FACET_SUGGESTIONS);
}

function criteriaOf(kind: TrackKind, c: Omit<FacetSuggestion, 'count'>): repo.TrackCriteria {
  switch (c.facet) {
    case 'maqam':
    case 'iqa':
      return { kind, musical: [{ facet: c.facet, column: c.facet, values: [c.value] }] };
    case 'region':
      return { kind, region: [Number(c.value)] };
    default:
      return { kind, tagsByKind: { [c.facet]: [Number(c.value)] } };
  }
}

/**
 * The keyword as the search read it, when it corrected a word: a typed word (3 letters or more, no
 * lexicon spelling) that no catalog word starts with found its tracks through the closest catalog word
 * (`hijas` → Hijaz, written as the store writes it). Undefined when every word was read as typed.
 */
export async function correctedKeyword(db: DbOrTx, keyword: string): Promise<string | undefined> {
  const words = tokenize(keyword);
  const fuzzy = words.filter((w) => [...w].length >= 3 && !/^\d+$/.test(w) && !lexiconEntryOf(w));
  if (fuzzy.length === 0) return undefined;
  const present = await findWordsWithTerms(db, fuzzy);
  const unknown = fuzzy.filter((w) => !present.has(w));
  if (unknown.length === 0) return undefined;
  const similar = await findSimilarTerms(db, unknown, 4, new Map(unknown.map((w) => [w, transpositionsOf(w)])));
  let corrected = false;
  const read = words.map((word) => {
    const best = unknown.includes(word) ? similar.get(word)?.[0] : undefined;
    if (best) {
      corrected = true;
      return lexiconEntryOf(best)?.label ?? best;
    }
    return lexiconEntryOf(word)?.label ?? word;
  });
  return corrected ? read.join(' ') : undefined;
}

/** The artists and albums whose names the keyword's words start (the strip above the tracks). */
export async function findNameMatches(
  db: DbOrTx,
  keyword: string,
): Promise<{ artists: SearchArtistMatch[]; albums: SearchAlbumMatch[] }> {
  const words = tokenize(keyword);
  if (words.length === 0) return { artists: [], albums: [] };
  const [artists, albums] = await Promise.all([
    findArtistsMatching(db, words, MAX_NAME_MATCHES),
    findAlbumsMatching(db, words, MAX_NAME_MATCHES),
  ]);
  return {
    artists: artists.map((a) => ({
      id: a.id,
      name: a.name,
      ...(a.name_ar ? { name_ar: a.name_ar } : {}),
      image: { url: mediaUrl(a.image) },
    })),
    albums: albums.map((al) => ({
      id: al.id,
      title: al.title,
      ...(al.title_ar ? { title_ar: al.title_ar } : {}),
      image: { url: mediaUrl(al.image) },
      artist: { id: al.artist_id, name: al.artist_name },
    })),
  };
}

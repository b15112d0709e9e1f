import type { FacetSuggestion } from '@tarab/contracts';
import { toggleFilterValue, type FilterSelection } from './filter-selection';

/** A typed word as the server folds it (lower case, accents and Arabic letter forms), to find it again. */
const fold = (word: string) =>
  word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/\u0640/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .toLowerCase();

/**
 * Picking a suggested filter: its value joins the selection and the word it was read from leaves the
 * keyword ("sad wedding" + Theme: Wedding → keyword "sad", theme = Wedding).
 */
export function applyFacetSuggestion(
  selection: FilterSelection,
  keyword: string,
  suggestion: Pick<FacetSuggestion, 'facet' | 'value' | 'word'>,
): { selection: FilterSelection; keyword: string } {
  const value =
    suggestion.facet === 'maqam' || suggestion.facet === 'iqa' ? suggestion.value : Number(suggestion.value);
  const next = selection[suggestion.facet]?.includes(value)
    ? selection
    : toggleFilterValue(selection, suggestion.facet, value);
  const words = keyword.split(/\s+/).filter(Boolean);
  const index = words.findIndex((w) => fold(w.replace(/[^\p{L}\p{N}]+/gu, '')) === suggestion.word);
  const rest = index === -1 ? words : words.filter((_, i) => i !== index);
  return { selection: next, keyword: rest.join(' ') };
}

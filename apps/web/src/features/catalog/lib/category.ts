import type { OptionFilterKey } from './filter-selection';

/** The browse grids of /music and the filter key each one maps to on /music/details. */
const categoryTypes = {
  Genres: 'genre',
  Moods: 'mood',
  Themes: 'theme',
  Instruments: 'instrument',
} as const satisfies Record<string, OptionFilterKey>;

export type CategoryType = keyof typeof categoryTypes;

/** The filter key of a category type; null for types that are not a filter (e.g. Generics). */
export function filterKeyOfType(type: string | null | undefined): OptionFilterKey | null {
  return type && Object.hasOwn(categoryTypes, type) ? categoryTypes[type as CategoryType] : null;
}

/** A colour from the address bar, used only if it is a plain hex colour. */
export function safeColor(value: string | null | undefined): string | null {
  return value && /^#[0-9a-f]{3,8}$/i.test(value.trim()) ? value.trim() : null;
}

/** An image path from the address bar, used only if it is one of our own (same-origin path). */
export function safeImagePath(value: string | null | undefined): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : null;
}

import { defineMessages, type MessageDescriptor } from 'react-intl';

/** The browse grids' names (the `type` of a category page's URL stays English: spec §2). */
export const categoryTypeNames = defineMessages({
  Genres: { id: 'category.genres', defaultMessage: 'Genres' },
  Moods: { id: 'category.moods', defaultMessage: 'Moods' },
  Themes: { id: 'category.themes', defaultMessage: 'Themes' },
  Instruments: { id: 'category.instruments', defaultMessage: 'Instruments' },
  Generics: { id: 'category.generics', defaultMessage: 'Generics' },
});

export const categoryTypeName = (type: string): MessageDescriptor | undefined =>
  (categoryTypeNames as Record<string, MessageDescriptor>)[type];

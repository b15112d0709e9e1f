import { useIntl } from 'react-intl';
import { commonMessages } from '@/lib/i18n/common-messages';
import { useEffect } from 'react';
import { useFilterOptions } from '../api/get-filter-options';
import type { CategoryType } from '../lib/category';
import { CategoryGrid } from './category-grid';
import { StatusMessage } from './status-message';

/** /music's grids of Genres, Moods, Themes and Instruments, from the music filter options. */
export function CategoryBrowser() {
  const options = useFilterOptions({ kind: 'music' });
  const intl = useIntl();

  useEffect(() => {
    if (options.error) console.error('Failed to fetch filtered data', options.error);
  }, [options.error]);

  if (options.isPending) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label={intl.formatMessage(
          { id: 'common.loadingLabel', defaultMessage: '{label}: Loading...' },
          { label: intl.formatMessage({ id: 'category.label', defaultMessage: 'Categories' }) },
        )}
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5"
      >
        {Array.from({ length: 10 }, (_, i) => (
          <div key={i} className="aspect-[5/3] animate-pulse rounded-2xl bg-surface" />
        ))}
      </div>
    );
  }
  if (options.isError)
    return <StatusMessage tone="error">{intl.formatMessage(commonMessages.somethingWentWrong)}</StatusMessage>;

  const { filters } = options.data;
  const grids: Array<[CategoryType, typeof filters.genres]> = [
    ['Genres', filters.genres],
    ['Moods', filters.moods],
    ['Themes', filters.themes],
    ['Instruments', filters.instruments],
  ];
  return (
    <div className="flex flex-col gap-14">
      {grids.map(([type, list]) => (list.length > 0 ? <CategoryGrid key={type} type={type} options={list} /> : null))}
    </div>
  );
}

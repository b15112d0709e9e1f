import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import type { FacetSuggestion, FilterOption, SuggestedFacetKey, TrackKind } from '@tarab/contracts';
import { Link } from 'react-router';
import { chipStyles } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { albumTitle, catalogName } from '@/lib/i18n/catalog-names';
import { cx } from '@/lib/class-names';
import { useFilterOptions } from '../api/get-filter-options';
import type { SearchExplanation, TrackListSource } from '../hooks/use-track-source';
import { removeFilterValue, type FilterSelection } from '../lib/filter-selection';
import { SmallCloseGlyph } from './catalog-icons';

export { applyFacetSuggestion } from '../lib/facet-suggestion';

/**
 * Search that explains itself (issue #32 item 12; decision 057): how many tracks were found, how a
 * corrected typo was read ("Showing results for Hijaz"), the artists and albums the term names, and
 * the filters the words name when nothing matched ("sad wedding" → Theme: Wedding, Mood: Melancholic).
 */

export const facetLabels = defineMessages({
  genre: { id: 'filters.genre', defaultMessage: 'Genre' },
  mood: { id: 'filters.mood', defaultMessage: 'Mood' },
  theme: { id: 'filters.theme', defaultMessage: 'Theme' },
  instrument: { id: 'filters.instrument', defaultMessage: 'Instrument' },
  region: { id: 'filters.region', defaultMessage: 'Region' },
  maqam: { id: 'filters.maqam', defaultMessage: 'Maqam' },
  iqa: { id: 'filters.iqa', defaultMessage: "Iqa''" },
}) satisfies Record<SuggestedFacetKey, MessageDescriptor>;

/** A keyword as the page writes it: each word a facet knows in the page's language (`Hijaz` → `حجاز`). */
const localKeyword = (keyword: string, locale: string) =>
  keyword
    .split(' ')
    .map((word) => catalogName(word, locale))
    .join(' ');

type SummaryProps = {
  source: TrackListSource;
  /** The keyword typed: "Results for “oud” · 24 tracks"; without it, the count alone. */
  keyword?: string;
  className?: string;
};

/** "24 tracks" and, when a typo was corrected, "Showing results for Hijaz". Polite live region. */
export function SearchSummary({ source, keyword, className }: SummaryProps) {
  const intl = useIntl();
  const corrected = source.explanation?.showing_results_for;
  const count =
    source.status === 'success' ? (
      <span data-testid="result-count" className="font-semibold text-fg">
        <FormattedMessage
          id="catalog.trackCount"
          defaultMessage="{count, plural, one {# track} other {# tracks}}"
          values={{ count: source.total }}
        />
      </span>
    ) : null;
  return (
    <div className={cx('flex flex-col gap-1 text-sm text-fg-muted', className)} aria-live="polite">
      <p>
        {keyword ? (
          <>
            <FormattedMessage
              id="catalog.resultsFor"
              defaultMessage="Results for <b>“{keyword}”</b>"
              values={{ keyword, b: (chunks) => <span className="font-semibold text-fg">{chunks}</span> }}
            />
            {count ? ' · ' : null}
          </>
        ) : null}
        {count}
      </p>
      {source.status === 'success' && corrected ? (
        <p>
          <FormattedMessage
            id="search.showingResultsFor"
            defaultMessage="Showing results for <b>{keyword}</b>"
            values={{
              keyword: localKeyword(corrected, intl.locale),
              b: (chunks) => (
                <bdi className="font-semibold text-accent" dir="auto">
                  {chunks}
                </bdi>
              ),
            }}
          />
        </p>
      ) : null}
    </div>
  );
}

/** The artists and albums the term names: a small strip above the tracks. */
export function SearchNameMatches({ explanation }: { explanation: SearchExplanation | undefined }) {
  const intl = useIntl();
  const artists = explanation?.artists ?? [];
  const albums = explanation?.albums ?? [];
  if (artists.length === 0 && albums.length === 0) return null;
  const title = intl.formatMessage({ id: 'search.matches.title', defaultMessage: 'Artists and albums' });
  const card =
    'group flex min-w-0 items-center gap-3 rounded-2xl border border-line bg-surface/70 p-2 pe-4 shadow-card transition-colors hover:border-line-strong hover:bg-surface';
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase">{title}</h3>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {artists.map((artist) => {
          const name = intl.locale === 'ar' && artist.name_ar ? artist.name_ar : artist.name;
          return (
            <li key={`artist-${artist.id}`} className="min-w-0">
              <Link to={paths.artistDetail.getHref(artist.id)} className={card}>
                <img
                  src={artist.image.url}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 shrink-0 rounded-full object-cover ring-1 ring-white/10"
                />
                <span className="flex min-w-0 flex-col">
                  <bdi dir="auto" className="truncate font-semibold text-fg group-hover:text-accent">
                    {name}
                  </bdi>
                  <span className="text-xs text-fg-subtle">
                    <FormattedMessage id="search.kind.artist" defaultMessage="Artist" />
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
        {albums.map((album) => (
          <li key={`album-${album.id}`} className="min-w-0">
            <Link to={paths.albumDetail.getHref(album.id)} className={card}>
              <img
                src={album.image.url}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                className="size-12 shrink-0 rounded-lg object-cover ring-1 ring-white/10"
              />
              <span className="flex min-w-0 flex-col">
                <bdi dir="auto" className="truncate font-semibold text-fg group-hover:text-accent">
                  {albumTitle(album, intl.locale)}
                </bdi>
                <span className="truncate text-xs text-fg-subtle">
                  <FormattedMessage
                    id="search.matches.album"
                    defaultMessage="Album · {artist}"
                    values={{ artist: <bdi dir="auto">{album.artist.name}</bdi> }}
                  />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

type FacetSuggestionsProps = {
  source: TrackListSource;
  /** Applies the picked filter (see applyFacetSuggestion). */
  onPick: (suggestion: FacetSuggestion) => void;
};

/** Under a search that found nothing: the filters its words name, as chips that apply them. */
export function FacetSuggestions({ source, onPick }: FacetSuggestionsProps) {
  const intl = useIntl();
  const suggestions = source.explanation?.facet_suggestions ?? [];
  if (source.status !== 'success' || source.total > 0 || suggestions.length === 0) return null;
  const title = intl.formatMessage({
    id: 'search.facets.title',
    defaultMessage: 'No exact match. Try these filters:',
  });
  return (
    <section
      aria-label={intl.formatMessage({ id: 'search.facets.label', defaultMessage: 'Suggested filters' })}
      className="rounded-2xl border border-accent/30 bg-accent/5 p-4 sm:p-5"
    >
      <p className="text-sm font-semibold text-fg">{title}</p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {suggestions.map((suggestion) => {
          const facet = intl.formatMessage(facetLabels[suggestion.facet]);
          const name = catalogName(suggestion.label, intl.locale);
          return (
            <li key={`${suggestion.facet}-${suggestion.value}`}>
              <button
                type="button"
                aria-label={intl.formatMessage(
                  {
                    id: 'search.facets.chipLabel',
                    defaultMessage: 'Filter by {facet}: {name} ({count, plural, one {# track} other {# tracks}})',
                  },
                  { facet, name, count: suggestion.count },
                )}
                onClick={() => onPick(suggestion)}
                className={cx(
                  chipStyles,
                  'border-line-strong bg-surface text-fg hover:border-accent hover:bg-accent/15',
                )}
              >
                <FormattedMessage
                  id="search.facets.chip"
                  defaultMessage="{facet}: {name}"
                  values={{ facet: <span className="text-fg-muted">{facet}</span>, name: <bdi dir="auto">{name}</bdi> }}
                />
                <span className="rounded-full bg-white/10 px-1.5 text-xs text-fg-muted">
                  <bdi dir="ltr">{intl.formatNumber(suggestion.count)}</bdi>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

type SelectedFiltersProps = {
  kind: TrackKind;
  selection: FilterSelection;
  onChange: (selection: FilterSelection) => void;
};

const suggestedKeys = Object.keys(facetLabels) as SuggestedFacetKey[];

/**
 * The filters a search picked from its suggestions (kept in the URL), each a chip that removes it.
 * Tag ids are named from the filter options; maqamat and iqa'at are their own names.
 */
export function SelectedFilters({ kind, selection, onChange }: SelectedFiltersProps) {
  const intl = useIntl();
  const chosen = suggestedKeys.flatMap((key) => (selection[key] ?? []).map((value) => ({ key, value })));
  const options = useFilterOptions({ kind });
  if (chosen.length === 0) return null;
  const filters = options.data?.filters;
  const tagsOf: Record<'genre' | 'mood' | 'theme' | 'instrument' | 'region', readonly FilterOption[]> = {
    genre: filters?.genres ?? [],
    mood: filters?.moods ?? [],
    theme: filters?.themes ?? [],
    instrument: filters?.instruments ?? [],
    region: filters?.regions ?? [],
  };
  const nameOf = (key: SuggestedFacetKey, value: string | number) => {
    if (key === 'maqam' || key === 'iqa') return catalogName(String(value), intl.locale);
    const tag = tagsOf[key].find((option) => option.id === value);
    return tag ? catalogName(tag.name, intl.locale) : '…';
  };
  return (
    <ul
      aria-label={intl.formatMessage({ id: 'filters.selectedFilters', defaultMessage: 'Selected filters' })}
      className="flex flex-wrap gap-2"
    >
      {chosen.map(({ key, value }) => {
        const name = nameOf(key, value);
        const facet = intl.formatMessage(facetLabels[key]);
        return (
          <li key={`${key}-${value}`}>
            <button
              type="button"
              aria-label={intl.formatMessage(
                { id: 'filters.remove', defaultMessage: 'Remove {name}' },
                { name: `${facet}: ${name}` },
              )}
              onClick={() => onChange(removeFilterValue(selection, key, value))}
              className={cx(chipStyles, 'h-8 border-accent/50 bg-accent/15 pe-2.5 text-fg hover:bg-accent/25')}
            >
              <FormattedMessage
                id="search.facets.chip"
                defaultMessage="{facet}: {name}"
                values={{ facet: <span className="text-fg-muted">{facet}</span>, name: <bdi dir="auto">{name}</bdi> }}
              />
              <SmallCloseGlyph />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

import { catalogName } from '@/lib/i18n/catalog-names';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Suggestion, TrackKind } from '@tarab/contracts';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cx } from '@/lib/class-names';
import { useSuggestions } from '../api/get-suggestions';
import { SearchGlyph, SmallCloseGlyph } from './catalog-icons';

/** How long typing must pause before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 150;

const kindLabel = defineMessages({
  maqam: { id: 'search.kind.maqam', defaultMessage: 'Maqam' },
  instrument: { id: 'search.kind.instrument', defaultMessage: 'Instrument' },
  artist: { id: 'search.kind.artist', defaultMessage: 'Artist' },
  title: { id: 'search.kind.title', defaultMessage: 'Track' },
}) satisfies Record<Suggestion['kind'], unknown>;

type SearchBoxProps = {
  /** The keyword being shown (after the last search). */
  value: string;
  /** Called on Enter or the Search button; an empty keyword clears the search. */
  onSearch: (keyword: string) => void;
  /** The input's accessible name, e.g. "Search music". */
  label: string;
  className?: string;
  /** Suggest as the visitor types (titles of this kind; maqamat, instruments and artists). Off when absent. */
  suggestFor?: TrackKind;
};

/**
 * The catalogue search box (spec §2 "Home"): searches on Enter or the button, never while typing.
 * With `suggestFor`, it is an ARIA combobox: suggestions appear under it once typing pauses
 * (SUGGEST_DEBOUNCE_MS); ArrowDown/ArrowUp move through them, Enter picks one (a search, an
 * artist's page or an instrument's page), Escape closes them.
 */
export function SearchBox({ value, onSearch, label, className, suggestFor }: SearchBoxProps) {
  const inputId = useId();
  const listId = useId();
  const navigate = useNavigate();
  const intl = useIntl();
  const [draft, setDraft] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // A search cleared from outside (e.g. Clear all) shows in the box too.
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(value);
  }

  const typed = draft.trim();
  const settled = useDebouncedValue(typed, SUGGEST_DEBOUNCE_MS);
  const suggestions = useSuggestions(
    { text: settled, ...(suggestFor ? { kind: suggestFor } : {}) },
    { enabled: suggestFor !== undefined && open && settled !== '' },
  );
  const items = open && typed !== '' && settled !== '' ? (suggestions.data ?? []) : [];
  const expanded = items.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const pick = (item: Suggestion) => {
    close();
    const { target } = item;
    if (target.type === 'search') {
      setDraft(target.keyword);
      onSearch(target.keyword);
    } else if (target.type === 'artist') {
      void navigate(paths.artistDetail.getHref(target.id));
    } else {
      void navigate(paths.musicDetails.getHref(target.id, { title: target.name, type: 'Instruments' }));
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    close();
    onSearch(draft.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      close();
      return;
    }
    if (!suggestFor) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Positions -1 (the text itself) … last, wrapping around.
      setActive((i) => {
        const next = i + step;
        if (next >= items.length) return -1;
        return next < -1 ? items.length - 1 : next;
      });
      return;
    }
    if (event.key === 'Enter' && expanded && active >= 0 && items[active]) {
      event.preventDefault();
      pick(items[active]);
    }
  };

  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={submit}
      className={cx('relative flex w-full items-center', className)}
    >
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <SearchGlyph className="pointer-events-none absolute start-4 size-5 text-fg-subtle" />
      <input
        id={inputId}
        type="search"
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        placeholder={intl.formatMessage({ id: 'search.placeholder', defaultMessage: 'search your favorite music' })}
        maxLength={200}
        enterKeyHint="search"
        autoComplete="off"
        {...(suggestFor
          ? {
              role: 'combobox',
              'aria-autocomplete': 'list' as const,
              'aria-expanded': expanded,
              'aria-controls': listId,
              ...(expanded && active >= 0 ? { 'aria-activedescendant': optionId(active) } : {}),
            }
          : {})}
        className={cx(
          'h-12 w-full min-w-0 rounded-full border border-line-strong bg-ink-900/80 ps-11 text-base text-fg placeholder:text-fg-subtle focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 [&::-webkit-search-cancel-button]:hidden',
          draft === '' ? 'pe-24' : 'pe-32',
        )}
      />
      {suggestFor ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={intl.formatMessage(
            { id: 'search.suggestions', defaultMessage: '{label} suggestions' },
            { label },
          )}
          hidden={!expanded}
          className="absolute top-full end-0 start-0 z-30 mt-2 max-h-96 overflow-auto rounded-2xl border border-line-strong bg-ink-900 py-2 shadow-xl"
        >
          {items.map((item, i) => (
            <li
              key={`${item.kind}-${item.label}-${i}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Keeps the focus in the input, so the click is not lost to its blur.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(item)}
              className={cx(
                'flex cursor-pointer items-center justify-between gap-3 px-4 py-2 text-sm text-fg',
                i === active ? 'bg-white/10' : 'hover:bg-white/5',
              )}
            >
              <span className="truncate" dir="auto">
                {item.kind === 'maqam' || item.kind === 'instrument'
                  ? catalogName(item.label, intl.locale)
                  : item.label}
              </span>
              <span className="shrink-0 text-xs text-fg-subtle">{intl.formatMessage(kindLabel[item.kind])}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="absolute end-1.5 flex items-center gap-1">
        {draft !== '' ? (
          <button
            type="button"
            aria-label={intl.formatMessage({ id: 'search.clear', defaultMessage: 'Clear search' })}
            onClick={() => {
              setDraft('');
              close();
              if (value !== '') onSearch('');
            }}
            className="grid size-9 place-items-center rounded-full text-fg-subtle hover:bg-white/5 hover:text-fg"
          >
            <SmallCloseGlyph className="size-4" />
          </button>
        ) : null}
        <button
          type="submit"
          className="h-9 rounded-full bg-accent px-4 text-sm font-semibold text-on-accent transition-colors hover:bg-accent-hover"
        >
          <FormattedMessage id="search.submit" defaultMessage="Search" />
        </button>
      </div>
    </form>
  );
}

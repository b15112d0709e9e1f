import { useId, useState, type FormEvent } from 'react';
import { cx } from '@/lib/class-names';
import { SearchGlyph, SmallCloseGlyph } from './catalog-icons';

export const SEARCH_PLACEHOLDER = 'search your favorite music';

type SearchBoxProps = {
  /** The keyword being shown (after the last search). */
  value: string;
  /** Called on Enter or the Search button; an empty keyword clears the search. */
  onSearch: (keyword: string) => void;
  /** The input's accessible name, e.g. "Search music". */
  label: string;
  className?: string;
};

/** The catalogue search box (spec §2 "Home"): searches on Enter or the button, never while typing. */
export function SearchBox({ value, onSearch, label, className }: SearchBoxProps) {
  const inputId = useId();
  const [draft, setDraft] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  // A search cleared from outside (e.g. Clear all) shows in the box too.
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(value);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft.trim());
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
      <SearchGlyph className="pointer-events-none absolute left-4 size-5 text-fg-subtle" />
      <input
        id={inputId}
        type="search"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder={SEARCH_PLACEHOLDER}
        maxLength={200}
        enterKeyHint="search"
        autoComplete="off"
        className={cx(
          'h-12 w-full min-w-0 rounded-full border border-line-strong bg-ink-900/80 pl-11 text-base text-fg placeholder:text-fg-subtle focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 [&::-webkit-search-cancel-button]:hidden',
          draft === '' ? 'pr-24' : 'pr-32',
        )}
      />
      <div className="absolute right-1.5 flex items-center gap-1">
        {draft !== '' ? (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              setDraft('');
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
          Search
        </button>
      </div>
    </form>
  );
}

import { catalogName } from '@/lib/i18n/catalog-names';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
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
  /** What it suggests as the visitor types: titles of this kind; maqamat, instruments and artists. */
  suggestFor: TrackKind;
};

const { stateChangeTypes } = useCombobox;

/** Keys the box leaves to the text field (the caret), where a list's own keys would take them. */
const textKeys = new Set(['Home', 'End', 'PageUp', 'PageDown']);

/** Downshift's `preventDownshiftDefault`: the event is this component's alone. */
const keepFromDownshift = (event: KeyboardEvent<HTMLInputElement>) => {
  (event.nativeEvent as { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
};

/**
 * The catalogue search box (spec §2 "Home"): searches on Enter or the button, never while typing. An
 * ARIA combobox (Downshift's useCombobox): suggestions appear under it once typing pauses
 * (SUGGEST_DEBOUNCE_MS); ArrowDown/ArrowUp move through them (and back to the text), Enter picks one
 * (a search, an artist's page or an instrument's page), a click too, Escape closes them.
 */
export function SearchBox({ value, onSearch, label, className, suggestFor }: SearchBoxProps) {
  const navigate = useNavigate();
  const intl = useIntl();
  const [draft, setDraft] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  // A search cleared from outside (e.g. Clear all) shows in the box too.
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(value);
  }

  const pick = (item: Suggestion) => {
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

  // Whether the list is open (the visitor typed, or pressed an arrow): only then are suggestions asked for.
  const [open, setOpen] = useState(false);
  const typed = draft.trim();
  const settled = useDebouncedValue(typed, SUGGEST_DEBOUNCE_MS);
  const suggestions = useSuggestions({ text: settled, kind: suggestFor }, { enabled: open && settled !== '' });
  const items = open && typed !== '' && settled !== '' ? (suggestions.data ?? []) : [];
  const expanded = items.length > 0;

  /**
   * Downshift's changes, tuned to the box: the arrows pass through the text itself between the last
   * and the first suggestion (-1, nothing chosen) and open the list with nothing chosen; leaving the
   * box picks nothing; a click in the box or the pointer over the list changes nothing (keys choose).
   */
  const stateReducer = (
    state: UseComboboxState<Suggestion>,
    { type, changes }: UseComboboxStateChangeOptions<Suggestion>,
  ): Partial<UseComboboxState<Suggestion>> => {
    switch (type) {
      case stateChangeTypes.InputKeyDownArrowDown:
        return !state.isOpen || state.highlightedIndex === items.length - 1
          ? { ...changes, highlightedIndex: -1 }
          : changes;
      case stateChangeTypes.InputKeyDownArrowUp:
        return !state.isOpen || state.highlightedIndex === 0 ? { ...changes, highlightedIndex: -1 } : changes;
      case stateChangeTypes.InputBlur:
        return { isOpen: false, highlightedIndex: -1 };
      case stateChangeTypes.InputClick:
      case stateChangeTypes.ItemMouseMove:
      case stateChangeTypes.MenuMouseLeave:
        return state;
      default:
        return changes;
    }
  };

  const { highlightedIndex, closeMenu, getInputProps, getItemProps, getLabelProps, getMenuProps } =
    useCombobox<Suggestion>({
      items,
      itemToString: (item) => item?.label ?? '',
      isOpen: open,
      onIsOpenChange: (changes) => setOpen(Boolean(changes.isOpen)),
      inputValue: draft,
      // Every pick is a new one (a search again, a page): nothing stays selected.
      selectedItem: null,
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem) pick(selectedItem);
      },
      stateReducer,
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    closeMenu();
    onSearch(draft.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      // Closes the list; with none shown, the field's own Escape (clearing it) goes ahead.
      keepFromDownshift(event);
      if (expanded) event.preventDefault();
      closeMenu();
    } else if (textKeys.has(event.key) || (event.key === 'Enter' && !(expanded && highlightedIndex >= 0))) {
      // Enter without a chosen suggestion submits the form: a search for the text.
      keepFromDownshift(event);
    }
  };
  const inputProps = getInputProps({ onChange: (event) => setDraft(event.currentTarget.value), onKeyDown });

  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={submit}
      className={cx('relative flex w-full items-center', className)}
    >
      <label {...getLabelProps({ className: 'sr-only' })}>{label}</label>
      <SearchGlyph className="pointer-events-none absolute start-4 size-5 text-fg-subtle" />
      <input
        type="search"
        {...inputProps}
        // Expanded once it shows suggestions; the chosen one is the active descendant.
        aria-expanded={expanded}
        aria-activedescendant={(expanded && inputProps['aria-activedescendant']) || undefined}
        placeholder={intl.formatMessage({ id: 'search.placeholder', defaultMessage: 'search your favorite music' })}
        maxLength={200}
        enterKeyHint="search"
        className={cx(
          'h-12 w-full min-w-0 rounded-full border border-line-strong bg-ink-900/80 ps-11 text-base text-fg placeholder:text-fg-subtle focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 [&::-webkit-search-cancel-button]:hidden',
          draft === '' ? 'pe-24' : 'pe-32',
        )}
      />
      <ul
        {...getMenuProps({
          'aria-label': intl.formatMessage(
            { id: 'search.suggestions', defaultMessage: '{label} suggestions' },
            { label },
          ),
        })}
        hidden={!expanded}
        className="absolute top-full end-0 start-0 z-30 mt-2 max-h-96 overflow-auto rounded-2xl border border-line-strong bg-ink-900 py-2 shadow-xl"
      >
        {items.map((item, index) => (
          <li
            key={`${item.kind}-${item.label}-${index}`}
            {...getItemProps({ item, index })}
            className={cx(
              'flex cursor-pointer items-center justify-between gap-3 px-4 py-2 text-sm text-fg',
              index === highlightedIndex ? 'bg-white/10' : 'hover:bg-white/5',
            )}
          >
            <span className="truncate" dir="auto">
              {item.kind === 'maqam' || item.kind === 'instrument' ? catalogName(item.label, intl.locale) : item.label}
            </span>
            <span className="shrink-0 text-xs text-fg-subtle">{intl.formatMessage(kindLabel[item.kind])}</span>
          </li>
        ))}
      </ul>
      <div className="absolute end-1.5 flex items-center gap-1">
        {draft !== '' ? (
          <button
            type="button"
            aria-label={intl.formatMessage({ id: 'search.clear', defaultMessage: 'Clear search' })}
            onClick={() => {
              setDraft('');
              closeMenu();
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

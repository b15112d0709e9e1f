import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '@/lib/class-names';

export type TabItem<T extends string> = { id: T; label: string; panel: ReactNode };

type TabsProps<T extends string> = {
  /** The accessible name of the tab list. */
  label: string;
  tabs: ReadonlyArray<TabItem<T>>;
  value: T;
  onChange: (id: T) => void;
};

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move between tabs (and wrap),
 * Home and End jump to the ends; only the selected tab is in the Tab order.
 */
export function Tabs<T extends string>({ label, tabs, value, onChange }: TabsProps<T>) {
  const baseId = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const selected = tabs.find((tab) => tab.id === value) ?? tabs[0];
  const tabId = (id: T) => `${baseId}-tab-${id}`;
  const panelId = (id: T) => `${baseId}-panel-${id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected?.id);
    let next: number;
    // The tabs run right to left on Arabic pages: there the left arrow is the next tab.
    const rtl = document.documentElement.dir === 'rtl';
    if (event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) next = (index + 1) % tabs.length;
    else if (event.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.id);
    refs.current.get(tab.id)?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-line [scrollbar-width:none]"
      >
        {tabs.map((tab) => {
          const isSelected = tab.id === selected?.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) refs.current.set(tab.id, element);
                else refs.current.delete(tab.id);
              }}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              aria-selected={isSelected}
              aria-controls={panelId(tab.id)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onChange(tab.id)}
              className={cx(
                'relative -mb-px shrink-0 rounded-t-lg border-b-2 px-4 py-3 text-base font-semibold transition-colors focus-visible:-outline-offset-2 sm:px-5',
                isSelected ? 'border-accent text-accent' : 'border-transparent text-fg-muted hover:text-fg',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {selected ? (
        <div
          id={panelId(selected.id)}
          role="tabpanel"
          aria-labelledby={tabId(selected.id)}
          tabIndex={0}
          className="pt-6 focus-visible:outline-offset-4 sm:pt-8"
        >
          {selected.panel}
        </div>
      ) : null}
    </div>
  );
}

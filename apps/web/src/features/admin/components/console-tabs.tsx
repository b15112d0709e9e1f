import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '@/lib/class-names';

export type ConsoleTabItem<T extends string> = { id: T; label: string; panel: ReactNode };

/**
 * The console's sections as WAI-ARIA tabs (issue #32): a side rail from 1024 px, a strip that scrolls
 * sideways below it (every tab reachable at 390 px; the chosen one is scrolled into view, and the
 * strip's ends fade to show there is more). Arrow keys (either axis) move between tabs, Home/End
 * jump to the ends; only the selected tab is in the Tab order.
 */
export function ConsoleTabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: ReadonlyArray<ConsoleTabItem<T>>;
  value: T;
  onChange: (id: T) => void;
}) {
  const baseId = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const selected = tabs.find((tab) => tab.id === value) ?? tabs[0];
  const tabId = (id: T) => `${baseId}-tab-${id}`;
  const panelId = (id: T) => `${baseId}-panel-${id}`;

  // The chosen tab is always in sight on a phone (a deep link to `?tab=audit` too).
  useEffect(() => {
    if (!selected) return;
    refs.current.get(selected.id)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected?.id);
    const rtl = document.documentElement.dir === 'rtl';
    const forward = [rtl ? 'ArrowLeft' : 'ArrowRight', 'ArrowDown'];
    const back = [rtl ? 'ArrowRight' : 'ArrowLeft', 'ArrowUp'];
    let next: number;
    if (forward.includes(event.key)) next = (index + 1) % tabs.length;
    else if (back.includes(event.key)) next = (index - 1 + tabs.length) % tabs.length;
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
    <div className="lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8">
      <div className="relative -mx-4 sm:-mx-6 lg:mx-0">
        <div
          role="tablist"
          aria-label={label}
          onKeyDown={onKeyDown}
          className={cx(
            'flex scroll-px-4 gap-1 overflow-x-auto border-b border-line px-4 [scrollbar-width:none] sm:px-6',
            '[mask-image:linear-gradient(to_right,transparent,black_1rem,black_calc(100%-2rem),transparent)]',
            'lg:sticky lg:top-[calc(var(--spacing-header)+1.5rem)] lg:flex-col lg:overflow-visible lg:border-b-0 lg:px-0 lg:[mask-image:none]',
          )}
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
                  'relative -mb-px shrink-0 border-b-2 px-3.5 py-3 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:-outline-offset-2',
                  'lg:mb-0 lg:rounded-lg lg:border-b-0 lg:px-3 lg:py-2.5 lg:text-start',
                  isSelected
                    ? 'border-accent text-accent lg:bg-accent/10'
                    : 'border-transparent text-fg-muted hover:text-fg lg:hover:bg-white/5',
                )}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      </div>
      {selected ? (
        <div
          id={panelId(selected.id)}
          role="tabpanel"
          aria-labelledby={tabId(selected.id)}
          tabIndex={0}
          className="min-w-0 pt-6 focus:outline-none lg:pt-0"
        >
          {selected.panel}
        </div>
      ) : null}
    </div>
  );
}

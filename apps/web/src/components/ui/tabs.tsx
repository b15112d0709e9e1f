import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { cx } from '@/lib/class-names';
import { dirOf, type Locale } from '@/lib/i18n/locales';

export type TabItem<T extends string> = { id: T; label: string; panel: ReactNode };

type TabsProps<T extends string> = {
  /** The accessible name of the tab list. */
  label: string;
  tabs: ReadonlyArray<TabItem<T>>;
  /** The selected tab (the page keeps it, e.g. in its address). */
  value: T;
  onChange: (id: T) => void;
};

/**
 * WAI-ARIA tabs (Radix UI Tabs) that switch panels in place, with automatic activation: the arrow keys
 * move between tabs and select them (wrapping; on Arabic pages, right to left, the left arrow is the
 * next tab), Home and End jump to the ends; Tab enters the list on the selected tab, then goes on to
 * its panel. Only the selected panel is rendered.
 */
export function Tabs<T extends string>({ label, tabs, value, onChange }: TabsProps<T>) {
  const intl = useIntl();
  const selected = tabs.find((tab) => tab.id === value) ?? tabs[0];
  const isTab = (id: string): id is T => tabs.some((tab) => tab.id === id);
  return (
    <TabsPrimitive.Root
      value={selected?.id}
      onValueChange={(id) => {
        if (isTab(id)) onChange(id);
      }}
      dir={dirOf(intl.locale as Locale)}
    >
      <TabsPrimitive.List
        aria-label={label}
        className="flex gap-1 overflow-x-auto border-b border-line [scrollbar-width:none]"
      >
        {tabs.map((tab) => (
          <TabsPrimitive.Trigger
            key={tab.id}
            value={tab.id}
            className={cx(
              'relative -mb-px shrink-0 rounded-t-lg border-b-2 px-4 py-3 text-base font-semibold transition-colors focus-visible:-outline-offset-2 sm:px-5',
              tab.id === selected?.id ? 'border-accent text-accent' : 'border-transparent text-fg-muted hover:text-fg',
            )}
          >
            {tab.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {selected ? (
        <TabsPrimitive.Content value={selected.id} className="pt-6 focus-visible:outline-offset-4 sm:pt-8">
          {selected.panel}
        </TabsPrimitive.Content>
      ) : null}
    </TabsPrimitive.Root>
  );
}

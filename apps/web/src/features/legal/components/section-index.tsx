import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { ChevronDownIcon } from '@/components/ui/icons';
import { useDismiss } from '@/hooks/use-dismiss';
import { cx } from '@/lib/class-names';

export type IndexEntry = { id: string; number: string | null; title: string };

type SectionIndexProps = {
  entries: IndexEntry[];
  activeId: string | null;
  onSelect: (id: string) => void;
};

const onThisPage = defineMessage({ id: 'legal.onThisPage', defaultMessage: 'On this page' });

const label = (entry: IndexEntry) => (entry.number ? `${entry.number}. ${entry.title}` : entry.title);

function IndexList({ entries, activeId, onSelect, className }: SectionIndexProps & { className?: string }) {
  const listRef = useRef<HTMLOListElement>(null);

  // Keeps the marked entry in view when the list itself scrolls (never scrolls the page).
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>('[aria-current="location"]');
    if (!list || !item || list.scrollHeight <= list.clientHeight) return;
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top < list.scrollTop + 8) list.scrollTop = Math.max(0, top - 8);
    else if (bottom > list.scrollTop + list.clientHeight - 8) list.scrollTop = bottom - list.clientHeight + 8;
  }, [activeId]);

  return (
    <ol ref={listRef} className={cx('relative space-y-0.5', className)}>
      {entries.map((entry) => {
        const active = entry.id === activeId;
        return (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              aria-current={active ? 'location' : undefined}
              onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                onSelect(entry.id);
              }}
              className={cx(
                'group flex gap-3 rounded-md border-s-2 py-1.5 pe-2 ps-3 text-sm leading-5 transition-colors',
                active
                  ? 'border-accent bg-white/5 font-medium text-fg'
                  : 'border-transparent text-fg-muted hover:border-line-strong hover:text-fg',
              )}
            >
              {entry.number ? (
                <span
                  aria-hidden="true"
                  className={cx('w-5 shrink-0 text-end tabular-nums', active ? 'text-accent' : 'text-fg-subtle')}
                >
                  {entry.number}
                </span>
              ) : null}
              <span className="min-w-0">
                {entry.number ? <span className="sr-only">{entry.number}. </span> : null}
                {entry.title}
              </span>
            </a>
          </li>
        );
      })}
    </ol>
  );
}

/** Desktop (≥ 1024 px): a sticky column beside the text. */
export function DesktopSectionIndex(props: SectionIndexProps) {
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId} className="sticky top-[calc(var(--spacing-header)+2rem)]">
      <h2
        id={headingId}
        className="mb-3 ps-3 font-sans text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase"
      >
        <FormattedMessage {...onThisPage} />
      </h2>
      <IndexList
        {...props}
        className="max-h-[calc(100dvh-var(--spacing-header)-6rem)] overflow-y-auto overscroll-contain pe-1 [scrollbar-width:thin]"
      />
    </nav>
  );
}

/** Small screens: a sticky bar under the header showing the current section; it opens the full index. */
export function MobileSectionIndex({
  entries,
  activeId,
  onSelect,
  className,
}: SectionIndexProps & { className?: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const active = entries.find((entry) => entry.id === activeId) ?? entries[0];

  useDismiss({
    enabled: open,
    insideRefs: [buttonRef, panelRef],
    onDismiss: (reason) => {
      setOpen(false);
      if (reason === 'escape') buttonRef.current?.focus();
    },
  });

  return (
    <div
      className={cx(
        'sticky top-header z-30 -mx-4 mb-8 border-b border-line/70 bg-canvas/90 px-4 backdrop-blur-xl sm:-mx-6 sm:px-6',
        className,
      )}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-14 w-full items-center gap-3 py-2 text-start"
      >
        <span className="min-w-0 flex-1">
          <span className="block text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase">
            <FormattedMessage {...onThisPage} />
          </span>{' '}
          <span className="block truncate text-sm font-medium text-fg">{active ? label(active) : null}</span>
        </span>
        <ChevronDownIcon className={cx('size-5 shrink-0 text-fg-muted transition-transform', open && 'rotate-180')} />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[min(60vh,28rem)] overflow-y-auto overscroll-contain border-b border-line bg-surface-raised px-2 py-3 shadow-pop sm:px-4"
      >
        <nav aria-label={intl.formatMessage(onThisPage)}>
          <IndexList
            entries={entries}
            activeId={activeId}
            onSelect={(id) => {
              setOpen(false);
              onSelect(id);
            }}
          />
        </nav>
      </div>
    </div>
  );
}

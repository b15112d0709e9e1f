import type { AdminListMeta, AdminSortDir } from '@tarab/contracts';
import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { ChevronDownIcon } from '@/components/ui/icons';
import { InputField } from '@/components/ui/field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cx } from '@/lib/class-names';
import { LoadState, type LoadStateProps } from './parts';

/**
 * The console's tables (issue #32, decision 058): a search, a date range, column headers that sort
 * (buttons, with `aria-sort` on the header cell), a totals row and a pager. The server sorts, pages
 * and totals; these only say what to ask for.
 */

const PER_PAGE = 25;

/** What a table asks the server for: search, sort, page and date range (days, both included). */
export type TableQuery<S extends string> = {
  q: string;
  sort: S;
  dir: AdminSortDir;
  page: number;
  per_page: number;
  from: string;
  to: string;
};

/** A table's query and how its controls change it; any change but the page goes back to page 1. */
export function useTableQuery<S extends string>(defaultSort: S) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const [state, setState] = useState({ sort: defaultSort, dir: 'desc' as AdminSortDir, page: 1, from: '', to: '' });
  const query: TableQuery<S> = { q, ...state, per_page: PER_PAGE };
  // The debounced search starts the list again at its first page.
  const [lastQ, setLastQ] = useState(q);
  if (lastQ !== q) {
    setLastQ(q);
    if (state.page !== 1) setState((s) => ({ ...s, page: 1 }));
  }
  return {
    query,
    text,
    setText,
    /** A click on a column: sorts by it (newest/largest first), or turns its direction. */
    sortBy: (sort: S) =>
      setState((s) => ({
        ...s,
        sort,
        dir:
          s.sort === sort
            ? s.dir === 'asc'
              ? 'desc'
              : 'asc'
            : sort === ('name' as S) || sort === ('title' as S)
              ? 'asc'
              : 'desc',
        page: 1,
      })),
    setPage: (page: number) => setState((s) => ({ ...s, page })),
    setRange: (range: { from?: string; to?: string }) => setState((s) => ({ ...s, ...range, page: 1 })),
  };
}

/** What a table sends: empty search and range left out. */
export const requestOf = <S extends string>(query: TableQuery<S>) => ({
  ...(query.q ? { q: query.q } : {}),
  sort: query.sort,
  dir: query.dir,
  page: query.page,
  per_page: query.per_page,
  ...(query.from ? { from: query.from } : {}),
  ...(query.to ? { to: query.to } : {}),
});

export type Column<T, S extends string> = {
  id: string;
  label: ReactNode;
  /** The server's sort key of this column; absent: the column does not sort. */
  sort?: S;
  align?: 'start' | 'end';
  className?: string;
  cell: (row: T) => ReactNode;
};

function SortButton({
  label,
  active,
  dir,
  onClick,
  align,
}: {
  label: ReactNode;
  active: boolean;
  dir: AdminSortDir;
  onClick: () => void;
  align: 'start' | 'end';
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cx(
        'group inline-flex items-center gap-1 rounded-md py-1 text-xs font-semibold tracking-wide uppercase transition-colors hover:text-fg',
        active ? 'text-accent' : 'text-fg-subtle',
        align === 'end' && 'flex-row-reverse',
      )}
    >
      {label}
      <ChevronDownIcon
        className={cx(
          'size-3.5 shrink-0 transition-transform',
          active ? 'opacity-100' : 'opacity-0 group-hover:opacity-60',
          active && dir === 'asc' && 'rotate-180',
        )}
      />
    </button>
  );
}

/**
 * A sortable, horizontally scrolling table with an optional totals row (`footer`). The scroller is
 * `relative`: the screen-reader-only texts in its cells (absolutely positioned) stay inside it instead
 * of widening the page on a phone.
 */
export function DataTable<T, S extends string>({
  caption,
  columns,
  rows,
  rowKey,
  rowTestId,
  sort,
  dir,
  onSort,
  footer,
}: {
  caption: string;
  columns: Column<T, S>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowTestId?: (row: T) => string;
  sort: S;
  dir: AdminSortDir;
  onSort: (sort: S) => void;
  footer?: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface shadow-card">
      <table className="w-full min-w-[48rem] border-collapse text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-white/[0.02]">
          <tr>
            {columns.map((column) => {
              const active = column.sort !== undefined && column.sort === sort;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={
                    column.sort === undefined
                      ? undefined
                      : active
                        ? dir === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : 'none'
                  }
                  className={cx(
                    'px-3 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-fg-subtle uppercase first:ps-4 last:pe-4',
                    column.align === 'end' ? 'text-end' : 'text-start',
                  )}
                >
                  {column.sort !== undefined ? (
                    <SortButton
                      label={column.label}
                      active={active}
                      dir={dir}
                      align={column.align ?? 'start'}
                      onClick={() => onSort(column.sort as S)}
                    />
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId?.(row)} className="transition-colors hover:bg-white/[0.025]">
              {columns.map((column) => (
                <td
                  key={column.id}
                  className={cx(
                    'px-3 py-3 align-middle first:ps-4 last:pe-4',
                    column.align === 'end' ? 'text-end' : 'text-start',
                    column.className,
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer ? (
          <tfoot className="border-t border-line-strong bg-white/[0.03]">
            <tr>
              <td colSpan={columns.length} className="px-4 py-3 text-sm text-fg-muted">
                {footer}
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

/** "26–50 of 312" with Previous and Next. */
export function Pager({ meta, onPage }: { meta: AdminListMeta | undefined; onPage: (page: number) => void }) {
  const intl = useIntl();
  if (!meta || meta.total === 0) return null;
  const first = (meta.page - 1) * meta.per_page + 1;
  const last = Math.min(meta.total, meta.page * meta.per_page);
  return (
    <nav
      aria-label={intl.formatMessage({ id: 'admin.table.pages', defaultMessage: 'Pages' })}
      className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-fg-muted"
    >
      <p aria-live="polite">
        <FormattedMessage
          id="admin.table.showing"
          defaultMessage="{first}–{last} of {total}"
          values={{
            first: <bdi>{intl.formatNumber(first)}</bdi>,
            last: <bdi>{intl.formatNumber(last)}</bdi>,
            total: <bdi>{intl.formatNumber(meta.total)}</bdi>,
          }}
        />
      </p>
      <div className="flex items-center gap-2">
        <Button size="sm" variant="secondary" disabled={meta.page <= 1} onClick={() => onPage(meta.page - 1)}>
          <FormattedMessage id="admin.table.previous" defaultMessage="Previous" />
        </Button>
        <span className="px-1 tabular-nums">
          <FormattedMessage
            id="admin.table.pageOf"
            defaultMessage="Page {page} of {pages}"
            values={{ page: intl.formatNumber(meta.page), pages: intl.formatNumber(meta.last_page) }}
          />
        </span>
        <Button
          size="sm"
          variant="secondary"
          disabled={meta.page >= meta.last_page}
          onClick={() => onPage(meta.page + 1)}
        >
          <FormattedMessage id="admin.table.next" defaultMessage="Next" />
        </Button>
      </div>
    </nav>
  );
}

/** The search box, the From/To days and (when any is set) Clear, on one wrapping row. */
export function TableFilters({
  searchLabel,
  searchPlaceholder,
  text,
  onText,
  from,
  to,
  onRange,
  children,
}: {
  searchLabel: string;
  searchPlaceholder: string;
  text: string;
  onText: (text: string) => void;
  from: string;
  to: string;
  onRange: (range: { from?: string; to?: string }) => void;
  children?: ReactNode;
}) {
  const intl = useIntl();
  const id = useId();
  const dateClass = '[&_input]:w-40 [&_input]:[color-scheme:dark]';
  return (
    <form
      role="search"
      onSubmit={(event) => event.preventDefault()}
      className="flex flex-wrap items-end gap-x-3 gap-y-3"
    >
      <div className="min-w-0 flex-1 basis-64">
        <InputField
          label={searchLabel}
          type="search"
          value={text}
          placeholder={searchPlaceholder}
          maxLength={200}
          onChange={(event) => onText(event.target.value)}
        />
      </div>
      {children}
      <fieldset className="flex flex-wrap items-end gap-3" aria-describedby={`${id}-range`}>
        <legend className="sr-only" id={`${id}-range`}>
          <FormattedMessage id="admin.table.range" defaultMessage="Date range (UTC days, both included)" />
        </legend>
        <div className={dateClass}>
          <InputField
            label={intl.formatMessage({ id: 'admin.table.from', defaultMessage: 'From' })}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => onRange({ from: event.target.value })}
          />
        </div>
        <div className={dateClass}>
          <InputField
            label={intl.formatMessage({ id: 'admin.table.to', defaultMessage: 'To' })}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => onRange({ to: event.target.value })}
          />
        </div>
        {from || to ? (
          <Button variant="ghost" size="sm" className="mb-1" onClick={() => onRange({ from: '', to: '' })}>
            <FormattedMessage id="admin.table.clearRange" defaultMessage="Clear dates" />
          </Button>
        ) : null}
      </fieldset>
    </form>
  );
}

/** The frame around a table: an error, "Loading…", a quiet "nothing", or the table itself. */
export function TableState(props: LoadStateProps) {
  return (
    <section className="mt-5">
      <LoadState {...props} />
    </section>
  );
}

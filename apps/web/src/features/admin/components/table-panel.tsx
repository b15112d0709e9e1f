import type { AdminListMeta } from '@tarab/contracts';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { DataTable, Pager, TableFilters, TableState, type Column, type useTableQuery } from './data-table';
import { when } from './parts';

/**
 * The frame the console's table panels share (issue #32): the search and date-range row (and the
 * panel's own filters in it), loading/error/empty, the sortable table with its totals row, and the
 * pager, all wired to one `useTableQuery`. A panel brings its columns, its filters and its texts.
 */

/** What `useTableQuery` gives a panel: the query and the controls that change it. */
export type TableControls<S extends string> = ReturnType<typeof useTableQuery<S>>;

/** A page of a console list as the server sends it. */
export type TablePage<T> = { data: readonly T[]; meta?: AdminListMeta };

export function TablePanel<T, S extends string, P extends TablePage<T>>({
  table,
  list,
  searchLabel,
  searchPlaceholder,
  filters,
  empty,
  caption,
  columns,
  rowKey,
  rowTestId,
  footer,
}: {
  table: TableControls<S>;
  /** The panel's query of the list (`useAdminTracks(…)` and the like). */
  list: { isPending: boolean; error: Error | null; data: P | undefined };
  searchLabel: string;
  searchPlaceholder: string;
  /** The panel's own filters, between the search box and the dates. */
  filters?: ReactNode;
  empty: string;
  caption: string;
  columns: Column<T, S>[];
  rowKey: (row: T) => string | number;
  rowTestId: (row: T) => string;
  /** The totals row of the page shown; nothing: no totals row. */
  footer: (page: P) => ReactNode;
}) {
  const page = list.data;
  return (
    <div>
      <TableFilters
        searchLabel={searchLabel}
        searchPlaceholder={searchPlaceholder}
        text={table.text}
        onText={table.setText}
        from={table.query.from}
        to={table.query.to}
        onRange={table.setRange}
      >
        {filters}
      </TableFilters>
      <TableState isLoading={list.isPending} error={list.error} count={page?.data.length} empty={empty}>
        {page ? (
          <>
            <DataTable
              caption={caption}
              columns={columns}
              rows={page.data}
              rowKey={rowKey}
              rowTestId={rowTestId}
              sort={table.query.sort}
              dir={table.query.dir}
              onSort={table.sortBy}
              footer={footer(page)}
            />
            <Pager meta={page.meta} onPage={table.setPage} />
          </>
        ) : null}
      </TableState>
    </div>
  );
}

/** The row's number (`#12`), sorting by id. */
export const idColumn = (label: ReactNode): Column<{ id: number | string }, 'id'> => ({
  id: 'id',
  sort: 'id',
  label,
  cell: (row) => (
    <bdi dir="ltr" className="text-fg-subtle tabular-nums">
      #{row.id}
    </bdi>
  ),
});

/** When the row was made (`26 Nov 2026, 09:15 UTC`), sorting by it. */
export const createdColumn = (label: ReactNode): Column<{ created_at: string }, 'created_at'> => ({
  id: 'created_at',
  sort: 'created_at',
  label,
  className: 'whitespace-nowrap text-fg-muted',
  cell: (row) => when(row.created_at),
});

/** The last column: the row's buttons, under a header only screen readers read ("Actions"). */
export const actionsColumn = <T,>(cell: (row: T) => ReactNode): Column<T, never> => ({
  id: 'actions',
  align: 'end',
  label: (
    <span className="sr-only">
      <FormattedMessage id="admin.table.actions" defaultMessage="Actions" />
    </span>
  ),
  cell,
});

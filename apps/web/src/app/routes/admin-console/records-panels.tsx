import { useAdminQuotes, useAuditLog } from '@/features/admin/api/admin-api';
import { ConsoleList, rowClass, when } from './parts';

/** Enterprise quote requests (read-only: the licensing team answers by email). */
export function QuotesPanel() {
  const quotes = useAdminQuotes();
  return (
    <ConsoleList
      title="Quote requests"
      count={quotes.data?.length}
      isLoading={quotes.isPending}
      error={quotes.error}
      empty="No quote requests yet."
    >
      {quotes.data?.map((quote) => (
        <li key={quote.id} className={rowClass}>
          <div className="min-w-0 flex-1">
            <h3 className="font-sans text-base font-semibold text-fg">
              {quote.company} · {quote.name}
            </h3>
            <p className="mt-1 text-sm text-fg-muted">
              <a className="underline-offset-2 hover:underline" href={`mailto:${quote.email}`}>
                {quote.email}
              </a>{' '}
              · {when(quote.created_at)} · {quote.notified_at ? 'team emailed' : 'email pending'}
            </p>
            <p className="mt-2 text-sm whitespace-pre-wrap text-fg">{quote.needs}</p>
          </div>
        </li>
      ))}
    </ConsoleList>
  );
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Every operator action, newest first: who, what, when, the state before and after. Append-only. */
export function AuditPanel() {
  const log = useAuditLog();
  return (
    <ConsoleList
      title="Audit log"
      count={log.data?.data.length}
      isLoading={log.isPending}
      error={log.error}
      empty="No operator action yet."
    >
      {log.data?.data.map((entry) => (
        <li key={entry.id} className={rowClass} data-testid="audit-entry">
          <div className="min-w-0 flex-1">
            <p className="font-sans text-sm font-semibold text-fg">
              <code>{entry.action}</code> · {entry.target_type} #{entry.target_id}
            </p>
            <p className="mt-1 text-sm text-fg-muted">
              {entry.actor.email} · {when(entry.created_at)}
              {entry.reason ? ` · “${entry.reason}”` : ''}
            </p>
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer text-fg-muted">Before and after</summary>
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                <pre className="overflow-x-auto rounded-lg bg-canvas/60 p-3 text-xs text-fg-muted">
                  {json(entry.before)}
                </pre>
                <pre className="overflow-x-auto rounded-lg bg-canvas/60 p-3 text-xs text-fg">{json(entry.after)}</pre>
              </div>
            </details>
          </div>
        </li>
      ))}
    </ConsoleList>
  );
}

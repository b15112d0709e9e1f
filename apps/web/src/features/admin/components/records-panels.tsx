import { FormattedMessage, useIntl } from 'react-intl';
import { useAdminQuotes, useAuditLog } from '../api/admin-api';
import { auditActionName, auditTargetName } from '../lib/admin-messages';
import { ConsoleList, rowClass, when } from './parts';

/** Enterprise quote requests (read-only: the licensing team answers by email). */
export function QuotesPanel() {
  const intl = useIntl();
  const quotes = useAdminQuotes();
  return (
    <ConsoleList
      title={intl.formatMessage({ id: 'admin.quotes.title', defaultMessage: 'Quote requests' })}
      count={quotes.data?.length}
      isLoading={quotes.isPending}
      error={quotes.error}
      empty={intl.formatMessage({ id: 'admin.quotes.empty', defaultMessage: 'No quote requests yet.' })}
    >
      {quotes.data?.map((quote) => (
        <li key={quote.id} className={rowClass}>
          <div className="min-w-0 flex-1">
            <h3 className="font-sans text-base font-semibold text-fg">
              <bdi>{quote.company}</bdi> · <bdi>{quote.name}</bdi>
            </h3>
            <p className="mt-1 text-sm text-fg-muted">
              <a className="underline-offset-2 hover:underline" href={`mailto:${quote.email}`}>
                <bdi>{quote.email}</bdi>
              </a>{' '}
              · {when(quote.created_at)} ·{' '}
              {quote.notified_at ? (
                <FormattedMessage id="admin.quotes.notified" defaultMessage="team emailed" />
              ) : (
                <FormattedMessage id="admin.quotes.pending" defaultMessage="email pending" />
              )}
            </p>
            <p dir="auto" className="mt-2 text-start text-sm whitespace-pre-wrap text-fg">
              {quote.needs}
            </p>
          </div>
        </li>
      ))}
    </ConsoleList>
  );
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Every operator action, newest first: who, what, when, the state before and after. Append-only. */
export function AuditPanel() {
  const intl = useIntl();
  const log = useAuditLog();
  return (
    <ConsoleList
      title={intl.formatMessage({ id: 'admin.audit.title', defaultMessage: 'Audit log' })}
      count={log.data?.data.length}
      isLoading={log.isPending}
      error={log.error}
      empty={intl.formatMessage({ id: 'admin.audit.empty', defaultMessage: 'No operator action yet.' })}
    >
      {log.data?.data.map((entry) => {
        // Arabic pages name the action ("تعطيل حساب") and keep its code beside it; English shows the code.
        const name = intl.locale === 'en' ? null : auditActionName(intl, entry.action);
        return (
          <li key={entry.id} className={rowClass} data-testid="audit-entry">
            <div className="min-w-0 flex-1">
              <p className="font-sans text-sm font-semibold text-fg">
                {name ? <>{name} </> : null}
                <code dir="ltr" className={name ? 'text-xs font-normal text-fg-subtle' : undefined}>
                  {entry.action}
                </code>{' '}
                · {auditTargetName(intl, entry.target_type)} <bdi dir="ltr">#{entry.target_id}</bdi>
              </p>
              <p className="mt-1 text-sm text-fg-muted">
                <bdi>{entry.actor.email}</bdi> · {when(entry.created_at)}
                {entry.reason ? (
                  <>
                    {' · '}
                    <bdi className="inline-block max-w-full">“{entry.reason}”</bdi>
                  </>
                ) : null}
              </p>
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-fg-muted">
                  <FormattedMessage id="admin.audit.beforeAfter" defaultMessage="Before and after" />
                </summary>
                <div className="mt-2 grid gap-3 sm:grid-cols-2">
                  <pre dir="ltr" className="overflow-x-auto rounded-lg bg-canvas/60 p-3 text-xs text-fg-muted">
                    {json(entry.before)}
                  </pre>
                  <pre dir="ltr" className="overflow-x-auto rounded-lg bg-canvas/60 p-3 text-xs text-fg">
                    {json(entry.after)}
                  </pre>
                </div>
              </details>
            </div>
          </li>
        );
      })}
    </ConsoleList>
  );
}

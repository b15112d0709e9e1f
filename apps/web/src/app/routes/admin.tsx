import type { TrackDto } from '@tarab/contracts';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { EmptyState } from '@/components/ui/empty-state';
import { ConsoleTabs, type ConsoleTabItem } from '@/features/admin/components/console-tabs';
import { OrdersPanel } from '@/features/admin/components/orders-panel';
import { AuditPanel, QuotesPanel } from '@/features/admin/components/records-panels';
import { ReviewPanel } from '@/features/admin/components/review-panel';
import { TracksPanel } from '@/features/admin/components/tracks-panel';
import { UsersPanel } from '@/features/admin/components/users-panel';
import { AdminStatements } from '@/features/analytics/components/admin-statements';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { PlayToggle } from '@/features/player/components/play-toggle';

type ConsoleTab = 'users' | 'orders' | 'tracks' | 'review' | 'statements' | 'quotes' | 'audit';
const TAB_IDS: readonly ConsoleTab[] = ['users', 'orders', 'tracks', 'review', 'statements', 'quotes', 'audit'];
const isConsoleTab = (value: string | null): value is ConsoleTab => TAB_IDS.includes(value as ConsoleTab);

/** The console's tracks play in the store's own player (issue #32). */
const renderPlay = (track: TrackDto, queue: readonly TrackDto[]) => (
  <PlayToggle track={track} queue={queue} className="size-9" />
);

/**
 * The operator console (issue 22): accounts, orders and refunds, takedowns, quote requests and the
 * audit log, one tab each (`?tab=`), in a compact tool layout (issue #32: no hero, no footer). The
 * panels are the admin feature's (the statements analytics', the previews' play buttons the player's).
 * Login-only; the server answers every /api/admin call with 403 to anyone but an admin, and this
 * page says so instead of showing empty lists.
 */
export default function AdminRoute() {
  const { user } = useAuth();
  const intl = useIntl();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: ConsoleTab = isConsoleTab(requested) ? requested : 'users';

  if (user?.type !== 'admin') {
    return (
      <Container className="py-16">
        <title>
          {intl.formatMessage(
            { id: 'document.pageTitle', defaultMessage: '{title} · Tarab' },
            { title: intl.formatMessage({ id: 'admin.title', defaultMessage: 'Operator console' }) },
          )}
        </title>
        <EmptyState
          titleAs="h1"
          title={intl.formatMessage({
            id: 'admin.forbidden.title',
            defaultMessage: "This page is for the store's operators",
          })}
          description={intl.formatMessage({
            id: 'admin.forbidden.description',
            defaultMessage: 'Your account has no access to the operator console.',
          })}
        />
      </Container>
    );
  }

  const tabs: ConsoleTabItem<ConsoleTab>[] = [
    {
      id: 'users',
      label: intl.formatMessage({ id: 'admin.tab.users', defaultMessage: 'Users' }),
      panel: <UsersPanel selfId={user.id} />,
    },
    {
      id: 'orders',
      label: intl.formatMessage({ id: 'admin.tab.orders', defaultMessage: 'Orders' }),
      panel: <OrdersPanel />,
    },
    {
      id: 'tracks',
      label: intl.formatMessage({ id: 'admin.tab.tracks', defaultMessage: 'Tracks' }),
      panel: <TracksPanel renderPlay={renderPlay} />,
    },
    {
      id: 'review',
      label: intl.formatMessage({ id: 'admin.tab.review', defaultMessage: 'Review' }),
      panel: <ReviewPanel />,
    },
    {
      id: 'statements',
      label: intl.formatMessage({ id: 'admin.tab.statements', defaultMessage: 'Statements' }),
      panel: <AdminStatements />,
    },
    {
      id: 'quotes',
      label: intl.formatMessage({ id: 'admin.tab.quotes', defaultMessage: 'Quotes' }),
      panel: <QuotesPanel />,
    },
    {
      id: 'audit',
      label: intl.formatMessage({ id: 'admin.tab.audit', defaultMessage: 'Audit log' }),
      panel: <AuditPanel />,
    },
  ];
  const onChange = (next: ConsoleTab) =>
    setSearch(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === 'users') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  // A tool, not a store page (issue #32): a compact title bar instead of the hero, no footer (root layout).
  return (
    <>
      <title>
        {intl.formatMessage(
          { id: 'document.pageTitle', defaultMessage: '{title} · Tarab' },
          { title: intl.formatMessage({ id: 'admin.title', defaultMessage: 'Operator console' }) },
        )}
      </title>
      <div className="border-b border-line/70 bg-surface/40">
        <Container className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-4 sm:py-5">
          <h1 className="font-sans text-xl font-semibold text-fg sm:text-2xl">
            {intl.formatMessage({ id: 'admin.title', defaultMessage: 'Operator console' })}
          </h1>
          <p className="min-w-0 text-sm text-fg-subtle">
            {intl.formatMessage({
              id: 'admin.descriptionShort',
              defaultMessage: 'Every action is recorded in the audit log.',
            })}
          </p>
        </Container>
      </div>
      <Container className="py-6 sm:py-8">
        <ConsoleTabs
          label={intl.formatMessage({ id: 'admin.tabs.label', defaultMessage: 'Console sections' })}
          tabs={tabs}
          value={tab}
          onChange={onChange}
        />
      </Container>
    </>
  );
}

import type { AdminOrderDto, AdminOrderTotals, AdminOrderType } from '@tarab/contracts';
import { AdminMessages } from '@tarab/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useAdminOrders, useRefundOrder } from '../api/admin-api';
import { adminMessages, orderStatusName } from '../lib/admin-messages';
import { SelectField } from '@/components/ui/field';
import { formatPrice } from '@/lib/format';
import { ConfirmDialog } from './confirm-dialog';
import { requestOf, useTableQuery, type Column } from './data-table';
import { Email, Pill, type PillTone } from './parts';
import { actionsColumn, createdColumn, idColumn, TablePanel } from './table-panel';

type OrderSort = 'id' | 'created_at' | 'amount' | 'status' | 'buyer' | 'item' | 'type';

const statusTone: Record<AdminOrderDto['status'], PillTone> = {
  paid: 'good',
  active: 'good',
  trialing: 'warn',
  pending: 'muted',
  expired: 'muted',
  incomplete: 'muted',
  canceled: 'muted',
  failed: 'bad',
  past_due: 'bad',
  refunded: 'warn',
};

const money = (amount: number, currency: string) => formatPrice(Math.round(amount * 100), currency.toUpperCase());

/** The item of a row: the track's title, or the plan and how often it is billed. */
function ItemCell({ order }: { order: AdminOrderDto }) {
  if (order.track) return <bdi className="font-medium text-fg">{order.track.title}</bdi>;
  return (
    <span className="font-medium text-fg">
      <FormattedMessage
        id="admin.orders.plan"
        defaultMessage="{plan} · {interval, select, year {yearly} other {monthly}}"
        values={{ plan: <bdi>{order.plan?.name ?? '—'}</bdi>, interval: order.plan?.interval ?? 'month' }}
      />
    </span>
  );
}

function RefundAction({ order }: { order: AdminOrderDto }) {
  const intl = useIntl();
  const refund = useRefundOrder();
  const [confirming, setConfirming] = useState(false);
  if ((order.type ?? 'track') !== 'track' || order.status !== 'paid' || !order.track) return null;
  const amount = money(order.amount, order.currency);
  const onRefund = () =>
    refund.mutate(order.id, {
      onSuccess: (r) => {
        toast.success(
          r.message === AdminMessages.alreadyRefunded ? adminMessages.alreadyRefunded : adminMessages.refunded,
        );
        setConfirming(false);
      },
      onError: (e) => toast.error(e),
    });
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setConfirming(true)}
        aria-label={intl.formatMessage(
          { id: 'admin.orders.refundLabel', defaultMessage: 'Refund order {id}' },
          { id: String(order.id) },
        )}
      >
        <FormattedMessage id="admin.orders.refund" defaultMessage="Refund" />
      </Button>
      <ConfirmDialog
        open={confirming}
        title={intl.formatMessage(
          { id: 'admin.orders.refundTitle', defaultMessage: 'Refund order #{id}?' },
          { id: String(order.id) },
        )}
        confirmLabel={intl.formatMessage(
          { id: 'admin.orders.refundConfirm', defaultMessage: 'Refund {amount}' },
          { amount },
        )}
        busy={refund.isPending}
        onConfirm={onRefund}
        onClose={() => setConfirming(false)}
      >
        <p>
          <FormattedMessage
            id="admin.orders.refundBody"
            defaultMessage="{amount} goes back to {email} through {provider, select, stripe {Stripe} other {the payment driver}}, and the licence of “{title}” is revoked (its verify page says so)."
            values={{
              amount,
              email: <Email>{order.buyer.email}</Email>,
              provider: order.provider === 'stripe' ? 'stripe' : 'other',
              title: <bdi>{order.track.title}</bdi>,
            }}
          />
        </p>
      </ConfirmDialog>
    </>
  );
}

/** The totals row: how many rows match, what they add up to, and how much of it came in. */
function Totals({ totals }: { totals: AdminOrderTotals }) {
  return (
    <p className="flex flex-wrap gap-x-6 gap-y-1" data-testid="admin-orders-totals">
      <span>
        <FormattedMessage
          id="admin.orders.totalCount"
          defaultMessage="{count, plural, one {# row} other {# rows}}"
          values={{ count: totals.count }}
        />
      </span>
      {totals.amounts.map((sum) => (
        <span key={sum.currency} className="flex flex-wrap gap-x-6 gap-y-1">
          <span>
            <FormattedMessage
              id="admin.orders.totalAmount"
              defaultMessage="Total {amount}"
              values={{
                amount: (
                  <strong className="font-semibold text-fg tabular-nums">{money(sum.amount, sum.currency)}</strong>
                ),
              }}
            />
          </span>
          <span>
            <FormattedMessage
              id="admin.orders.totalPaid"
              defaultMessage="Paid {amount} ({count, plural, one {# row} other {# rows}})"
              values={{
                amount: (
                  <strong className="font-semibold text-teal-300 tabular-nums">
                    {money(sum.paid_amount, sum.currency)}
                  </strong>
                ),
                count: sum.paid_count,
              }}
            />
          </span>
        </span>
      ))}
    </p>
  );
}

/**
 * Orders (issue #32): single-track orders and subscriptions in one sortable table (a Type column
 * and filter), a page at a time, with the totals of the whole selection over a date range. A
 * declined payment shows as failed.
 */
export function OrdersPanel() {
  const intl = useIntl();
  const table = useTableQuery<OrderSort>('created_at');
  const [type, setType] = useState<AdminOrderType | ''>('');
  const orders = useAdminOrders({ ...requestOf(table.query), ...(type ? { type } : {}) });

  const columns: Column<AdminOrderDto, OrderSort>[] = [
    idColumn(<FormattedMessage id="admin.orders.col.id" defaultMessage="No." />),
    createdColumn(<FormattedMessage id="admin.orders.col.date" defaultMessage="Date" />),
    {
      id: 'type',
      sort: 'type',
      label: <FormattedMessage id="admin.orders.col.type" defaultMessage="Type" />,
      className: 'whitespace-nowrap',
      cell: (o) =>
        (o.type ?? 'track') === 'subscription' ? (
          <FormattedMessage id="admin.orders.type.subscription" defaultMessage="Subscription" />
        ) : (
          <FormattedMessage id="admin.orders.type.track" defaultMessage="Track" />
        ),
    },
    {
      id: 'item',
      sort: 'item',
      label: <FormattedMessage id="admin.orders.col.item" defaultMessage="Item" />,
      className: 'max-w-64 truncate',
      cell: (o) => <ItemCell order={o} />,
    },
    {
      id: 'buyer',
      sort: 'buyer',
      label: <FormattedMessage id="admin.orders.col.buyer" defaultMessage="Buyer" />,
      className: 'max-w-56 text-fg-muted',
      cell: (o) => (
        <div className="min-w-0">
          <p className="truncate">
            <bdi dir="ltr">{o.buyer.email}</bdi>
          </p>
          <p className="truncate text-xs text-fg-subtle">
            <FormattedMessage
              id="admin.orders.provider"
              defaultMessage="{provider, select, stripe {stripe} local {local} other {{provider}}}"
              values={{ provider: o.provider }}
            />
          </p>
        </div>
      ),
    },
    {
      id: 'amount',
      sort: 'amount',
      align: 'end',
      label: <FormattedMessage id="admin.orders.col.amount" defaultMessage="Amount" />,
      className: 'whitespace-nowrap font-medium tabular-nums text-fg',
      cell: (o) => money(o.amount, o.currency),
    },
    {
      id: 'status',
      sort: 'status',
      label: <FormattedMessage id="admin.orders.col.status" defaultMessage="Status" />,
      cell: (o) => <Pill tone={statusTone[o.status]}>{orderStatusName(intl, o.status)}</Pill>,
    },
    {
      id: 'licence',
      label: <FormattedMessage id="admin.orders.col.licence" defaultMessage="Licence" />,
      className: 'whitespace-nowrap text-xs text-fg-subtle',
      cell: (o) =>
        o.license ? (
          <FormattedMessage
            id="admin.orders.licence"
            defaultMessage="{revoked, select, yes {licence {key} (revoked)} other {licence {key}}}"
            values={{ key: <bdi dir="ltr">{o.license.key}</bdi>, revoked: o.license.revoked_at ? 'yes' : 'no' }}
          />
        ) : (
          '—'
        ),
    },
    actionsColumn((o: AdminOrderDto) => <RefundAction order={o} />),
  ];

  return (
    <TablePanel
      table={table}
      list={orders}
      searchLabel={intl.formatMessage({ id: 'admin.orders.search', defaultMessage: 'Search orders' })}
      searchPlaceholder={intl.formatMessage({
        id: 'admin.orders.searchPlaceholder',
        defaultMessage: 'Order id, session id, buyer, track title',
      })}
      filters={
        <SelectField
          label={intl.formatMessage({ id: 'admin.orders.typeFilter', defaultMessage: 'Type' })}
          className="w-48"
          value={type}
          options={[
            { value: '', label: intl.formatMessage({ id: 'admin.orders.type.all', defaultMessage: 'All types' }) },
            {
              value: 'track',
              label: intl.formatMessage({ id: 'admin.orders.type.tracks', defaultMessage: 'Track orders' }),
            },
            {
              value: 'subscription',
              label: intl.formatMessage({ id: 'admin.orders.type.subscriptions', defaultMessage: 'Subscriptions' }),
            },
          ]}
          onChange={(event) => {
            setType(event.target.value as AdminOrderType | '');
            table.setPage(1);
          }}
        />
      }
      empty={intl.formatMessage({ id: 'admin.orders.empty', defaultMessage: 'No order matches.' })}
      caption={intl.formatMessage({ id: 'admin.orders.title', defaultMessage: 'Orders' })}
      columns={columns}
      rowKey={(o) => `${o.type ?? 'track'}-${o.id}`}
      rowTestId={(o) => ((o.type ?? 'track') === 'track' ? `admin-order-${o.id}` : `admin-subscription-${o.id}`)}
      footer={({ totals }) => (totals ? <Totals totals={totals} /> : undefined)}
    />
  );
}

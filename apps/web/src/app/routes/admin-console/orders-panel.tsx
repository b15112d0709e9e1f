import type { AdminOrderDto } from '@tarab/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useAdminOrders, useRefundOrder } from '@/features/admin/api/admin-api';
import { adminText, orderStatusName } from '@/features/admin/lib/admin-messages';
import { formatPrice } from '@/lib/format';
import { ConfirmDialog } from './confirm-dialog';
import { ConsoleList, Email, Pill, rowClass, useSearchBox, when, type PillTone } from './parts';

const statusTone: Record<AdminOrderDto['status'], PillTone> = {
  paid: 'good',
  pending: 'muted',
  expired: 'muted',
  failed: 'bad',
  refunded: 'warn',
};

function OrderRow({ order }: { order: AdminOrderDto }) {
  const intl = useIntl();
  const refund = useRefundOrder();
  const [confirming, setConfirming] = useState(false);
  const amount = formatPrice(Math.round(order.amount * 100), order.currency.toUpperCase());
  const onRefund = () =>
    refund.mutate(order.id, {
      onSuccess: (r) => {
        toast.success(adminText(r.message));
        setConfirming(false);
      },
      onError: (e) => toast.error(adminText(e.message)),
    });
  return (
    <li className={rowClass} data-testid={`admin-order-${order.id}`}>
      <div className="min-w-0 flex-1 basis-64">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 truncate font-sans text-base font-semibold text-fg">
            <bdi dir="ltr">#{order.id}</bdi> · <bdi>{order.track.title}</bdi>
          </h3>
          <Pill tone={statusTone[order.status]}>{orderStatusName(intl, order.status)}</Pill>
        </div>
        <p className="mt-1 truncate text-sm text-fg-muted">
          {amount} · <bdi>{order.buyer.email}</bdi> ·{' '}
          <FormattedMessage
            id="admin.orders.provider"
            defaultMessage="{provider, select, stripe {stripe} local {local} other {{provider}}}"
            values={{ provider: order.provider }}
          />
        </p>
        <p className="mt-0.5 truncate text-xs text-fg-subtle">
          {when(order.created_at)}
          {' · '}
          {order.license ? (
            <FormattedMessage
              id="admin.orders.licence"
              defaultMessage="{revoked, select, yes {licence {key} (revoked)} other {licence {key}}}"
              values={{
                key: <bdi dir="ltr">{order.license.key}</bdi>,
                revoked: order.license.revoked_at ? 'yes' : 'no',
              }}
            />
          ) : (
            <FormattedMessage id="admin.orders.noLicence" defaultMessage="no licence" />
          )}
        </p>
      </div>
      {order.status === 'paid' ? (
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
      ) : null}
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
    </li>
  );
}

export function OrdersPanel() {
  const intl = useIntl();
  const { q, box } = useSearchBox(
    intl.formatMessage({ id: 'admin.orders.search', defaultMessage: 'Search orders' }),
    intl.formatMessage({
      id: 'admin.orders.searchPlaceholder',
      defaultMessage: 'Order id, session id, buyer, track title',
    }),
  );
  const orders = useAdminOrders(q);
  return (
    <div>
      {box}
      <ConsoleList
        title={intl.formatMessage({ id: 'admin.orders.title', defaultMessage: 'Orders' })}
        count={orders.data?.length}
        isLoading={orders.isPending}
        error={orders.error}
        empty={intl.formatMessage({ id: 'admin.orders.empty', defaultMessage: 'No order matches.' })}
      >
        {orders.data?.map((order) => (
          <OrderRow key={order.id} order={order} />
        ))}
      </ConsoleList>
    </div>
  );
}

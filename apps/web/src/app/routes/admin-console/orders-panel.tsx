import type { AdminOrderDto } from '@tarab/contracts';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useAdminOrders, useRefundOrder } from '@/features/admin/api/admin-api';
import { formatPrice } from '@/lib/format';
import { ConfirmDialog } from './confirm-dialog';
import { ConsoleList, Pill, rowClass, useSearchBox, when, type PillTone } from './parts';

const statusTone: Record<AdminOrderDto['status'], PillTone> = {
  paid: 'good',
  pending: 'muted',
  expired: 'muted',
  failed: 'bad',
  refunded: 'warn',
};

function OrderRow({ order }: { order: AdminOrderDto }) {
  const refund = useRefundOrder();
  const [confirming, setConfirming] = useState(false);
  const amount = formatPrice(Math.round(order.amount * 100), order.currency.toUpperCase());
  const onRefund = () =>
    refund.mutate(order.id, {
      onSuccess: (r) => {
        toast.success(r.message);
        setConfirming(false);
      },
      onError: (e) => toast.error(e.message),
    });
  return (
    <li className={rowClass} data-testid={`admin-order-${order.id}`}>
      <div className="min-w-0 flex-1 basis-64">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 truncate font-sans text-base font-semibold text-fg">
            #{order.id} · {order.track.title}
          </h3>
          <Pill tone={statusTone[order.status]}>{order.status}</Pill>
        </div>
        <p className="mt-1 truncate text-sm text-fg-muted">
          {amount} · {order.buyer.email} · {order.provider}
        </p>
        <p className="mt-0.5 truncate text-xs text-fg-subtle">
          {when(order.created_at)}
          {order.license
            ? ` · licence ${order.license.key}${order.license.revoked_at ? ' (revoked)' : ''}`
            : ' · no licence'}
        </p>
      </div>
      {order.status === 'paid' ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setConfirming(true)}
          aria-label={`Refund order ${order.id}`}
        >
          Refund
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Refund order #${order.id}?`}
        confirmLabel={`Refund ${amount}`}
        busy={refund.isPending}
        onConfirm={onRefund}
        onClose={() => setConfirming(false)}
      >
        <p>
          {amount} goes back to {order.buyer.email} through{' '}
          {order.provider === 'stripe' ? 'Stripe' : 'the payment driver'}, and the licence of “{order.track.title}” is
          revoked (its verify page says so).
        </p>
      </ConfirmDialog>
    </li>
  );
}

export function OrdersPanel() {
  const { q, box } = useSearchBox('Search orders', 'Order id, session id, buyer, track title');
  const orders = useAdminOrders(q);
  return (
    <div>
      {box}
      <ConsoleList
        title="Orders"
        count={orders.data?.length}
        isLoading={orders.isPending}
        error={orders.error}
        empty="No order matches."
      >
        {orders.data?.map((order) => (
          <OrderRow key={order.id} order={order} />
        ))}
      </ConsoleList>
    </div>
  );
}

import { useMemo } from 'react';
import type { Sale } from '#shared/schemas/sales.js';
import { BackToProfile } from '#client/components/ui/back-to-profile.js';
import { RequireUser } from '#client/components/require-user.js';
import { OrderItem } from './components/order-item';
import { PurchaseItem } from './components/purchase-item';
import { useMeetingPurchases } from './api/meeting-purchases';
import { useOrders, type Order } from './api/orders-api';
import '#client/components/ui/delivery-ui.css';
import './orders.css';
import { LoadingNote } from '#client/components/ui/status.js';
import { Button } from '#client/components/ui/button.js';
import { prepareCampusDates } from '#client/lib/campus-time.js';

// Every order shows the day it was made: the date formatter is built as this screen's code
// loads, in a task of its own, not in the middle of rendering the whole list.
prepareCampusDates();

export function OrderStatusPage() {
  return <RequireUser>{(user) => <OrderStatus buyerId={user.user_id} />}</RequireUser>;
}

type Row = { order: Order; at: string } | { sale: Sale; at: string };

/** Orders and purchases made at a meeting on campus, newest first. */
function newestFirst(orders: Order[], purchases: Sale[]): Row[] {
  const rows: Row[] = [
    ...orders.map((order) => ({ order, at: order.created_at })),
    ...purchases.map((sale) => ({ sale, at: sale.at })),
  ];
  return rows.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

function OrderStatus({ buyerId }: { buyerId: number }) {
  const orders = useOrders(buyerId);
  const bought = useMeetingPurchases();
  const ready = orders.state === 'ready' ? orders.orders : null;
  // The same rows while the answers are the same (a refetch starting or ending re-renders this
  // screen at once): each order then re-renders only when it changed.
  const rows = useMemo(
    () => (ready ? newestFirst(ready, bought.purchases) : []),
    [ready, bought.purchases],
  );
  return (
    <section className="dl-page" aria-labelledby="os-title">
      <div className="dl-head os-head">
        <h1 id="os-title">Order Status</h1>
        <BackToProfile />
      </div>
      {(orders.state === 'loading' || (rows.length === 0 && !bought.settled)) && <LoadingNote />}
      {orders.state === 'error' && (
        <div className="dl-notice" role="alert">
          <p>Error: {orders.message}</p>
          <Button variant="outline" onClick={() => void orders.retry()}>
            Try again
          </Button>
        </div>
      )}
      {orders.state === 'ready' &&
        (rows.length === 0 ? (
          bought.settled && <p className="dl-empty">No orders yet.</p>
        ) : (
          <ul className="dl-list os-list">
            {rows.map((row) =>
              'order' in row ? (
                <OrderItem key={`order-${row.order.delivery_request_id}`} order={row.order} />
              ) : (
                <PurchaseItem key={`sale-${row.sale.sale_id}`} sale={row.sale} />
              ),
            )}
          </ul>
        ))}
    </section>
  );
}

import { BackToProfile } from '#client/components/ui/back-to-profile.js';
import { RequireUser } from '#client/components/require-user.js';
import { OrderItem } from './components/order-item';
import { useOrders } from './api/orders-api';
import '#client/components/ui/delivery-ui.css';
import './orders.css';
import { LoadingNote } from '#client/components/ui/status.js';
import { Button } from '#client/components/ui/button.js';

export function OrderStatusPage() {
  return <RequireUser>{(user) => <OrderStatus buyerId={user.user_id} />}</RequireUser>;
}

function OrderStatus({ buyerId }: { buyerId: number }) {
  const orders = useOrders(buyerId);
  return (
    <section className="dl-page" aria-labelledby="os-title">
      <div className="dl-head os-head">
        <h1 id="os-title">Order Status</h1>
        <BackToProfile />
      </div>
      {orders.state === 'loading' && <LoadingNote />}
      {orders.state === 'error' && (
        <div className="dl-notice" role="alert">
          <p>Error: {orders.message}</p>
          <Button variant="outline" onClick={() => void orders.retry()}>
            Try again
          </Button>
        </div>
      )}
      {orders.state === 'ready' &&
        (orders.orders.length === 0 ? (
          <p className="dl-empty">No orders yet.</p>
        ) : (
          <ul className="dl-list os-list">
            {orders.orders.map((order) => (
              <OrderItem key={order.delivery_request_id} order={order} />
            ))}
          </ul>
        ))}
    </section>
  );
}

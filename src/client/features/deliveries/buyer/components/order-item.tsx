import { memo } from 'react';
import { isCancellableDelivery, isDeliveryFinished } from '#shared/delivery.js';
import { DeliveryOutcome } from '#client/features/deliveries/components/delivery-outcome.js';
import { CancelOrder } from './cancel-order';
import { HandoverCode } from './handover-code';
import { LiveDeliveryMap } from './live-delivery-map';
import { OrderCard } from './order-card';
import type { Order } from '../api/orders-api';
import { RateCourier } from './rate-courier';

/** Until a courier has picked it up, the buyer may take an order back. */
function cancellable(order: Order): boolean {
  if (order.delivery) return isCancellableDelivery(order.delivery.delivery_status);
  return order.status === 'Pending';
}

/**
 * One order: its card (a link to the listing), the handover code while it is on its way, the
 * live map while a courier has it, how it ended, and what the buyer may still do.
 */
export const OrderItem = memo(function OrderItem({ order }: { order: Order }) {
  const delivery = order.delivery;
  const code =
    delivery?.handover_code && !isDeliveryFinished(delivery.delivery_status)
      ? delivery.handover_code
      : null;
  return (
    <li className="os-order">
      <OrderCard order={order} />
      {order.activeDelivery && (
        <LiveDeliveryMap key={order.activeDelivery.delivery_id} delivery={order.activeDelivery} />
      )}
      <div className="os-details">
        {code && <HandoverCode code={code} />}
        {delivery && <DeliveryOutcome delivery={delivery} />}
        {!delivery && order.status === 'Cancelled' && order.cancel_reason && (
          <p className="dl-outcome">
            <span className="dl-label">Cancelled:</span> “{order.cancel_reason}”
          </p>
        )}
        {delivery?.delivery_status === 'Delivered' && <RateCourier delivery={delivery} />}
        {cancellable(order) && <CancelOrder order={order} />}
      </div>
    </li>
  );
});

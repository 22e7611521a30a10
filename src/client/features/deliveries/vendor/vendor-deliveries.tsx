import { useQuery } from '@tanstack/react-query';
import { isDeliveryFinished } from '#shared/delivery.js';
import { DELETED_USER_NAME } from '#shared/leaving.js';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { DeliveryOutcome } from '#client/features/deliveries/components/delivery-outcome.js';
import { ListingImage } from '#client/components/ui/listing-image.js';
import { QueryView } from '#client/components/ui/status.js';
import { deliveriesQuery } from '#client/lib/queries/deliveries.js';
import { useUser } from '#client/lib/queries/users.js';
import '#client/components/ui/delivery-ui.css';

/**
 * Who carries it: nobody yet, or the courier's first name. The name is public (GET
 * /api/user/{id}) and cached per courier, so a vendor's list asks once for each courier.
 */
function CourierLine({ delivery }: { delivery: DeliveryInstruction }) {
  const courier = useUser(delivery.courier_id);
  if (delivery.courier_id === null) {
    return isDeliveryFinished(delivery.delivery_status) ? null : (
      <p data-testid="courier">
        <span className="dl-label">Courier:</span> waiting for a courier to take it
      </p>
    );
  }
  const name = courier.data?.deleted ? DELETED_USER_NAME : courier.data?.first_name;
  return (
    <p data-testid="courier">
      <span className="dl-label">Courier:</span> {name || (courier.isError ? 'assigned' : '…')}
    </p>
  );
}

/**
 * The deliveries of the vendor's items, newest first: where each one is, who carries it, and
 * how it ended (the courier's photo, why an item came back, why a buyer cancelled, a drop-off
 * locked by wrong codes). `underWay` keeps only those not finished yet: what the vendor accepted
 * and follows. Live events and the spec's order refresh keep it current.
 */
export function VendorDeliveries({
  vendorId,
  underWay = false,
  empty = 'No deliveries of your items yet.',
  loading,
}: {
  vendorId: number;
  underWay?: boolean;
  empty?: string;
  /** The words while the list loads, when the page loads another list beside it. */
  loading?: string;
}) {
  const deliveries = useQuery({
    ...deliveriesQuery(),
    select: (list: DeliveryInstruction[]) =>
      list.filter(
        (d) => d.vendor_id === vendorId && !(underWay && isDeliveryFinished(d.delivery_status)),
      ),
  });
  return (
    <QueryView query={deliveries} empty={empty} loading={loading}>
      {(list) => (
        <ul className="dl-list">
          {list.map((delivery) => (
            <li key={delivery.delivery_id}>
              <article className="dl-card" aria-label={delivery.title || 'No Title'}>
                <ListingImage
                  src={delivery.thumbnail}
                  alt={delivery.title || 'No Title'}
                  className="dl-thumb"
                />
                <div>
                  <h3>{delivery.title || 'No Title'}</h3>
                  <p>
                    <span className="dl-status" data-status={delivery.delivery_status}>
                      {delivery.delivery_status}
                    </span>
                  </p>
                  <CourierLine delivery={delivery} />
                  <p>
                    <span className="dl-label">Pick up:</span> {delivery.pickup}{' '}
                    <span className="dl-label">Drop off:</span> {delivery.dropoff}
                  </p>
                  <DeliveryOutcome delivery={delivery} />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

import { useId, type ReactNode } from 'react';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { DeliveryCard } from './delivery-card';
import { LoadingNote } from '#client/components/ui/status.js';

interface DeliveryColumnProps {
  title: string;
  deliveries: readonly DeliveryInstruction[] | undefined;
  loading: boolean;
  error: string | null;
  empty: string;
  action?: (delivery: DeliveryInstruction) => ReactNode;
}

/** One column of the dashboard: a heading with a count, then the cards or a plain state. */
export function DeliveryColumn({
  title,
  deliveries,
  loading,
  error,
  empty,
  action,
}: DeliveryColumnProps) {
  const headingId = useId();
  return (
    <section className="cr-column" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {title}
        {deliveries && <span className="cr-count"> ({deliveries.length})</span>}
      </h2>
      <ColumnBody deliveries={deliveries} loading={loading} error={error} empty={empty}>
        {(list) => (
          <ul className="dl-list">
            {list.map((delivery) => (
              <li key={delivery.delivery_id}>
                <DeliveryCard delivery={delivery}>{action?.(delivery)}</DeliveryCard>
              </li>
            ))}
          </ul>
        )}
      </ColumnBody>
    </section>
  );
}

function ColumnBody({
  deliveries,
  loading,
  error,
  empty,
  children,
}: Omit<DeliveryColumnProps, 'title' | 'action'> & {
  children: (list: readonly DeliveryInstruction[]) => ReactNode;
}) {
  if (deliveries && deliveries.length > 0) return children(deliveries);
  if (deliveries) return <p className="dl-empty">{empty}</p>;
  if (error)
    return (
      <p className="dl-notice" role="alert">
        {error}
      </p>
    );
  return loading ? <LoadingNote /> : null;
}

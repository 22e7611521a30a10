import { describe, expect, it } from 'vitest';
import { effectiveStatus, withPendingStatus } from '#client/lib/outbox-status.js';
import type { OutboxEntry, StatusEntry } from '#shared/outbox.js';

const entry = (id: number, deliveryId: number, status: StatusEntry['status']): OutboxEntry => ({
  id,
  deliveryId,
  courierId: 7,
  status,
  deviceTime: new Date(id).toISOString(),
  createdAt: id,
  attempts: 0,
});

describe('the status a courier sees', () => {
  it('is the latest waiting change of that delivery, marked waiting to sync', () => {
    const pending = [entry(1, 4, 'Picked Up'), entry(2, 9, 'Picked Up'), entry(3, 4, 'Delivered')];
    expect(effectiveStatus({ delivery_id: 4, delivery_status: 'Assigned' }, pending)).toEqual({
      status: 'Delivered',
      waitingToSync: true,
    });
  });

  it('is the server’s when nothing waits or the server is already further', () => {
    expect(effectiveStatus({ delivery_id: 4, delivery_status: 'Assigned' }, [])).toEqual({
      status: 'Assigned',
      waitingToSync: false,
    });
    expect(
      effectiveStatus({ delivery_id: 4, delivery_status: 'Delivered' }, [entry(1, 4, 'Picked Up')]),
    ).toEqual({ status: 'Delivered', waitingToSync: false });
  });

  it('can be applied to a delivery in a list', () => {
    const delivery = { delivery_id: 4, delivery_status: 'Assigned' as const, title: 'Lamp' };
    expect(withPendingStatus(delivery, [entry(1, 4, 'Picked Up')])).toEqual({
      ...delivery,
      delivery_status: 'Picked Up',
      waitingToSync: true,
    });
  });
});

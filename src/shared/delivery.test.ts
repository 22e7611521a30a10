import { describe, expect, it } from 'vitest';
import {
  CANCELLABLE_DELIVERY_STATUSES,
  checkDeliveryTransition,
  checkRequestTransition,
  courierActions,
  courierColumn,
  currentDelivery,
  DELIVERY_REQUEST_STATUSES,
  DELIVERY_STATUSES,
  FINISHED_DELIVERY_STATUSES,
  groupByColumn,
  hasPassed,
  isCancellableDelivery,
  isDeliveryFinished,
  mapFocus,
  orderStatus,
  progressIndex,
  type DeliveryRequestStatus,
  type DeliveryStatus,
  type TransitionCheck,
} from './delivery';

describe('orderStatus', () => {
  const request = { listing_id: 7, status: 'Approved' };

  it("shows the delivery instruction's status for the same listing first", () => {
    const instructions = [
      { listing_id: 3, delivery_status: 'Delivered' },
      { listing_id: 7, delivery_status: 'Picked Up' },
    ];
    expect(orderStatus(request, instructions)).toBe('Picked Up');
  });

  it("falls back to the request's status when no instruction matches", () => {
    expect(orderStatus(request, [{ listing_id: 3, delivery_status: 'Delivered' }])).toBe(
      'Approved',
    );
    expect(orderStatus({ listing_id: 9, status: 'Denied' }, [])).toBe('Denied');
  });

  it("falls back to 'Pending' when there is neither", () => {
    expect(orderStatus({ listing_id: 9, status: null }, [])).toBe('Pending');
    expect(
      orderStatus({ listing_id: 9 }, [{ listing_id: null, delivery_status: 'Assigned' }]),
    ).toBe('Pending');
  });
});

describe('courierActions', () => {
  it.each<[DeliveryStatus | null, boolean, boolean, boolean, boolean]>([
    ['Unassigned', false, false, false, false],
    ['Assigned', true, false, true, false],
    ['Picked Up', false, true, false, true],
    ['Delivered', false, false, false, false],
    ['Returned', false, false, false, false],
    ['Cancelled', false, false, false, false],
    // The default display status is Assigned.
    [null, true, false, true, false],
  ])(
    '%s: PICKED UP %s, FINISH DROP OFF %s, UNABLE TO DELIVER %s, return %s',
    (status, p, f, u, r) => {
      expect(courierActions(status)).toEqual({
        pickedUp: p,
        finishDropOff: f,
        unableToDeliver: u,
        returnItem: r,
      });
    },
  );

  it('offers only moves the state machine allows', () => {
    for (const status of DELIVERY_STATUSES) {
      const actions = courierActions(status);
      if (actions.pickedUp) expect(checkDeliveryTransition(status, 'Picked Up')).toBe('ok');
      if (actions.finishDropOff) expect(checkDeliveryTransition(status, 'Delivered')).toBe('ok');
      if (actions.unableToDeliver) expect(checkDeliveryTransition(status, 'Unassigned')).toBe('ok');
      if (actions.returnItem) expect(checkDeliveryTransition(status, 'Returned')).toBe('ok');
    }
  });
});

describe('mapFocus', () => {
  it('centres on the pickup while Assigned (also by default), otherwise on the dropoff', () => {
    expect(mapFocus('Assigned')).toBe('pickup');
    expect(mapFocus(undefined)).toBe('pickup');
    expect(mapFocus('Picked Up')).toBe('dropoff');
    expect(mapFocus('Delivered')).toBe('dropoff');
    expect(mapFocus('Unassigned')).toBe('dropoff');
  });
});

describe('progressIndex', () => {
  it('places each status on the Assigned / Picked Up / Delivered bar', () => {
    expect(progressIndex('Assigned')).toBe(0);
    expect(progressIndex('Picked Up')).toBe(1);
    expect(progressIndex('Delivered')).toBe(2);
    expect(progressIndex('Unassigned')).toBe(-1);
    expect(progressIndex(null)).toBe(0);
  });
});

describe('courier columns', () => {
  it('shows Assigned and Picked Up as In Progress', () => {
    expect(courierColumn('Unassigned')).toBe('available');
    expect(courierColumn('Assigned')).toBe('inProgress');
    expect(courierColumn('Picked Up')).toBe('inProgress');
    expect(courierColumn('Delivered')).toBe('delivered');
    // Deliveries that ended early sit apart, under the three columns.
    expect(courierColumn('Returned')).toBe('ended');
    expect(courierColumn('Cancelled')).toBe('ended');
  });

  it('groups deliveries into the three columns keeping their order', () => {
    const d = (delivery_id: number, delivery_status: DeliveryStatus) => ({
      delivery_id,
      delivery_status,
    });
    const grouped = groupByColumn([
      d(1, 'Picked Up'),
      d(2, 'Unassigned'),
      d(3, 'Delivered'),
      d(4, 'Assigned'),
    ]);
    expect(grouped.available.map((x) => x.delivery_id)).toEqual([2]);
    expect(grouped.inProgress.map((x) => x.delivery_id)).toEqual([1, 4]);
    expect(grouped.delivered.map((x) => x.delivery_id)).toEqual([3]);
    expect(groupByColumn([])).toEqual({ available: [], inProgress: [], delivered: [], ended: [] });
  });

  it("finds the courier's current delivery: the first one still under way", () => {
    const list = [
      { delivery_id: 1, delivery_status: 'Delivered' as const },
      { delivery_id: 2, delivery_status: 'Picked Up' as const },
      { delivery_id: 3, delivery_status: 'Assigned' as const },
    ];
    expect(currentDelivery(list)?.delivery_id).toBe(2);
    expect(currentDelivery(list.slice(0, 1))).toBeUndefined();
  });
});

describe('the state machine beyond the spec', () => {
  /** The statuses a machine's check lets move to `to` (every other one is illegal or `to`). */
  const movesInto = <S extends string>(
    statuses: readonly S[],
    check: (from: S, to: S) => TransitionCheck,
    to: S,
  ) => statuses.filter((from) => check(from, to) === 'ok');

  it('lets a delivery be cancelled only before pick-up, and returned only after', () => {
    const into = (to: DeliveryStatus) => movesInto(DELIVERY_STATUSES, checkDeliveryTransition, to);
    expect(into('Cancelled')).toEqual(['Unassigned', 'Assigned']);
    expect(into('Returned')).toEqual(['Picked Up']);
    expect(checkDeliveryTransition('Cancelled', 'Cancelled')).toBe('repeat');
  });

  it('never moves a delivery out of Delivered, Returned or Cancelled', () => {
    for (const from of FINISHED_DELIVERY_STATUSES) {
      expect(isDeliveryFinished(from)).toBe(true);
      for (const to of DELIVERY_STATUSES)
        expect(checkDeliveryTransition(from, to)).toBe(from === to ? 'repeat' : 'illegal');
    }
    expect(CANCELLABLE_DELIVERY_STATUSES.every((s) => isCancellableDelivery(s))).toBe(true);
    expect(isCancellableDelivery('Picked Up')).toBe(false);
  });

  it('lets a buyer cancel a Pending request; an Approved one only with its delivery', () => {
    const into = (to: DeliveryRequestStatus) =>
      movesInto(DELIVERY_REQUEST_STATUSES, checkRequestTransition, to);
    expect(into('Cancelled')).toEqual(['Pending', 'Approved']);
    // A cancelled request stays cancelled.
    expect(
      DELIVERY_REQUEST_STATUSES.filter((to) => checkRequestTransition('Cancelled', to) === 'ok'),
    ).toEqual([]);
  });

  it('knows which steps a delivery has been through', () => {
    expect(hasPassed('Returned', 'Picked Up')).toBe(true);
    expect(hasPassed('Returned', 'Delivered')).toBe(false);
    expect(hasPassed('Delivered', 'Picked Up')).toBe(true);
    expect(hasPassed('Cancelled', 'Picked Up')).toBe(false);
    expect(hasPassed('Assigned', 'Picked Up')).toBe(false);
  });

  it('matches a request to its own delivery when the listing was asked for again', () => {
    const request = { listing_id: 7, status: 'Pending', delivery_request_id: 2 };
    const older = { listing_id: 7, delivery_status: 'Returned', delivery_request_id: 1 };
    expect(orderStatus(request, [older])).toBe('Pending');
    const own = { listing_id: 7, delivery_status: 'Assigned', delivery_request_id: 2 };
    expect(orderStatus(request, [older, own])).toBe('Assigned');
  });
});

/**
 * Meetings on campus as the screens read and change them (docs/api.md, "Sales"): a listing's
 * meetings (the buyer's own read carries the handover code; no write's answer does, so each step
 * is followed by a read), and the steps, sent through the outbox like every step of a sale.
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as salesPaths from '#shared/api-paths/sales.js';
import type { SaleEntry, SaleRequest } from '#shared/outbox.js';
import type { PickupLocation } from '#shared/locations.js';
import type { MeetingAction } from '#shared/sales.js';
import type { Hold, Meeting } from '#shared/schemas/sales.js';
import { api } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';
import type { SendKey } from '#client/lib/use-send-key.js';
import { useSaleStep } from '../api/sale-steps';
import { meetingWhen } from './meeting-times';

/** Open meetings first (soonest first), then the rest, latest change first: the server's order. */
export const listingMeetingsQuery = (listingId: number) =>
  queryOptions({
    queryKey: queryKeys.listingMeetings(listingId),
    queryFn: () => api<Meeting[]>(salesPaths.listingMeetings(listingId)),
    staleTime: 0,
  });

export function useListingMeetings(listingId: number) {
  return useQuery(listingMeetingsQuery(listingId));
}

/** A waiting step of a meeting (the outbox holds offers and holds too). */
export const isMeetingEntry = (entry: SaleEntry) =>
  entry.request.path === salesPaths.meetings ||
  entry.request.path.startsWith(`${salesPaths.meetings}/`);

export function proposeStep(hold: Hold, location: PickupLocation, at: string): SaleRequest {
  return {
    method: 'POST',
    path: salesPaths.meetings,
    body: { hold_id: hold.hold_id, location, at },
    listingId: hold.listing_id,
    label: `your meeting at ${location}, ${meetingWhen(at)}`,
  };
}

const LABELS: Record<MeetingAction, (m: Meeting, change?: MeetingChange) => string> = {
  accept: (m) => `“Accept” (${m.location}, ${meetingWhen(m.at)})`,
  change: (m, c) => `your change to ${c?.location ?? m.location}, ${meetingWhen(c?.at ?? m.at)}`,
  complete: () => 'the handover code',
  no_show: () => '“They did not come”',
  cancel: () => '“Cancel meeting”',
};

export interface MeetingChange {
  location?: PickupLocation;
  at?: string;
  code?: string;
}

export function meetingStep(
  meeting: Meeting,
  action: MeetingAction,
  change: MeetingChange = {},
): SaleRequest {
  return {
    method: 'PUT',
    path: salesPaths.meeting(meeting.meeting_id),
    body: { action, ...change },
    listingId: meeting.listing_id,
    label: LABELS[action](meeting, change),
  };
}

/** What a step changed, read again: the meeting, and after a handover the sale and the item. */
async function readAgain(client: QueryClient, request: SaleRequest) {
  const reads = [client.invalidateQueries({ queryKey: queryKeys.meetings() })];
  if (request.body.action === 'complete') {
    reads.push(
      client.invalidateQueries({ queryKey: queryKeys.sales() }),
      client.invalidateQueries({ queryKey: ['listings'] }),
    );
  }
  await Promise.all(reads);
}

/**
 * Sends meeting steps as `userId` through the outbox (useSaleStep: one Idempotency-Key a tap,
 * "Waiting to send" without a network). `send` resolves once the step is taken or kept waiting,
 * with false when the server refused it (its words are in `step.error`).
 */
export function useMeetingStep(userId: number) {
  const step = useSaleStep<Meeting>(userId);
  const client = useQueryClient();
  const send = async (request: SaleRequest, key: SendKey): Promise<boolean> => {
    try {
      const outcome = await step.mutateAsync({ request, key: key.for(request.body) });
      key.done();
      if (!outcome.queued) await readAgain(client, request);
      return true;
    } catch {
      return false;
    }
  };
  return { step, send };
}

import { useCallback, useMemo, useSyncExternalStore } from 'react';
import {
  isMessageEntry,
  isSaleEntry,
  isStatusEntry,
  type MessageEntry,
  type OutboxEntry,
  type SaleEntry,
  type StatusEntry,
} from '#shared/outbox.js';
import {
  dismissOutboxNotice,
  enqueueStatusUpdate,
  getOutboxState,
  replayNow,
  subscribeOutbox,
  type OutboxNotice,
} from './outbox';
import { useSessionUser } from './session';

export interface OutboxView {
  /** The signed-in courier's waiting status changes, oldest first. */
  pending: StatusEntry[];
  count: number;
  notice: OutboxNotice | null;
  syncing: boolean;
  dismiss: () => void;
  syncNow: () => void;
  enqueue: typeof enqueueStatusUpdate;
}

const EMPTY: StatusEntry[] = [];

/** The courier's own waiting status changes (messages have their own screens). */
export function statusEntriesOf(entries: readonly OutboxEntry[], userId: number): StatusEntry[] {
  return entries.filter((e): e is StatusEntry => isStatusEntry(e) && e.courierId === userId);
}

/** The courier outbox as the screens show it: pending count, last outcome, a sync button. */
export function useOutbox(): OutboxView {
  const user = useSessionUser();
  const state = useSyncExternalStore(subscribeOutbox, getOutboxState, getOutboxState);
  const userId = user?.user_id;
  const pending = userId === undefined ? EMPTY : statusEntriesOf(state.entries, userId);
  const syncNow = useCallback(() => void replayNow(), []);
  return {
    pending,
    count: pending.length,
    notice: state.notice,
    syncing: state.syncing,
    dismiss: dismissOutboxNotice,
    syncNow,
    enqueue: enqueueStatusUpdate,
  };
}

/** Every chat message `senderId` wrote that still waits for the network, oldest first. */
export function useWaitingMessagesOf(senderId: number): MessageEntry[] {
  const { entries } = useSyncExternalStore(subscribeOutbox, getOutboxState, getOutboxState);
  return useMemo(
    () => entries.filter((e): e is MessageEntry => isMessageEntry(e) && e.senderId === senderId),
    [entries, senderId],
  );
}

/**
 * The chat messages `senderId` wrote that still wait for the network, oldest first, about
 * `listingId` to `receiverId` (docs/decisions/028-messages-in-the-outbox.md).
 */
export function useWaitingMessages(
  senderId: number,
  listingId: number | null,
  receiverId: number,
): MessageEntry[] {
  const mine = useWaitingMessagesOf(senderId);
  return useMemo(
    () =>
      mine.filter(
        (e) => e.message.listing_id === listingId && e.message.receiver_id === receiverId,
      ),
    [mine, listingId, receiverId],
  );
}

/**
 * The steps of sales `userId` made that still wait for the network, oldest first, about
 * `listingId` (docs/decisions/031-sales-in-the-outbox.md).
 */
export function useWaitingSales(userId: number, listingId: number | null): SaleEntry[] {
  const { entries } = useSyncExternalStore(subscribeOutbox, getOutboxState, getOutboxState);
  return useMemo(
    () =>
      entries.filter(
        (e): e is SaleEntry =>
          isSaleEntry(e) && e.userId === userId && e.request.listingId === listingId,
      ),
    [entries, userId, listingId],
  );
}

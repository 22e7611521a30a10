import { useCallback, useSyncExternalStore } from 'react';
import type { OutboxEntry } from '#shared/outbox.js';
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
  pending: OutboxEntry[];
  count: number;
  notice: OutboxNotice | null;
  syncing: boolean;
  dismiss: () => void;
  syncNow: () => void;
  enqueue: typeof enqueueStatusUpdate;
}

const EMPTY: OutboxEntry[] = [];

/** The courier outbox as the screens show it: pending count, last outcome, a sync button. */
export function useOutbox(): OutboxView {
  const user = useSessionUser();
  const state = useSyncExternalStore(subscribeOutbox, getOutboxState, getOutboxState);
  const userId = user?.user_id;
  const pending =
    userId === undefined ? EMPTY : state.entries.filter((e) => e.courierId === userId);
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

import type { SaleEntry } from '#shared/outbox.js';

/** Meeting steps made without a network: shown at once, sent once it works. */
export function WaitingSteps({ entries }: { entries: readonly SaleEntry[] }) {
  return entries.map((e) => (
    <p key={e.key} className="sale-waiting" data-testid="meeting-waiting">
      Waiting to send: {e.request.label}
    </p>
  ));
}

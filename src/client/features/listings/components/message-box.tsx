import { Suspense } from 'react';
import type { Listing } from '#shared/schemas/listings.js';
import { MessageForm } from '#client/components/ui/message-form.js';
import { LoadingNote } from '#client/components/ui/status.js';
import { lazyComponent } from '#client/lib/lazy-component.js';
import { keepMessageDraft } from '#client/lib/message-draft.js';
import type { Viewer } from '../hooks/use-viewer';

/**
 * A signed-in buyer's box sends through the outbox, whose code a visitor never needs: it loads
 * when a signed-in page shows it (and the server render waits for it).
 */
const BuyerMessageBox = lazyComponent(() =>
  import('./buyer-message-box').then((m) => m.BuyerMessageBox),
);

/** "Type a message" and Send; once a message exists, "Message Sent to Seller". */
export function MessageBox({ listing, viewer }: { listing: Listing; viewer: Viewer }) {
  if (viewer.kind === 'owner') return null;
  return (
    <section className="action-box" aria-labelledby="message-box-title">
      <h2 id="message-box-title">Message the seller</h2>
      {viewer.kind === 'visitor' ? (
        <MessageForm
          onSend={(content) => {
            // What the visitor typed waits for them while they sign in.
            keepMessageDraft(listing.listing_id, content);
            viewer.toLogin('message');
          }}
          busy={false}
          label="Message to the seller"
        />
      ) : (
        <Suspense fallback={<LoadingNote />}>
          <BuyerMessageBox listing={listing} userId={viewer.user.user_id} />
        </Suspense>
      )}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Listing } from '#shared/schemas/listings.js';
import { WaitingToSend } from '#client/components/ui/message-form.js';
import { SendMessageForm } from '#client/components/ui/send-message-form.js';
import { QueryView } from '#client/components/ui/status.js';
import { useWaitingMessages } from '#client/lib/outbox-hooks.js';
import { dropMessageDraft, messageDraft } from '#client/lib/message-draft.js';
import { useMessageSent } from '../api/product-api';

/**
 * The form until a message exists; the POST's own answer turns it into "Message Sent". A
 * message kept waiting for the network shows as such, also offline after a reload.
 */
export function BuyerMessageBox({ listing, userId }: { listing: Listing; userId: number }) {
  const sent = useMessageSent(userId, listing.listing_id);
  // A message typed before signing in comes back here, until one is sent.
  const [draft] = useState(() => messageDraft(listing.listing_id));
  useEffect(() => {
    if (sent.data) dropMessageDraft(listing.listing_id);
  }, [sent.data, listing.listing_id]);
  const waiting = useWaitingMessages(userId, listing.listing_id, listing.vendor_id);
  if (waiting.length > 0) return <WaitingToSend entries={waiting} whom="the seller" />;
  return (
    <QueryView query={sent}>
      {(already) =>
        already ? (
          <p className="sent-note">
            <span>Message Sent to Seller</span> <Link to="/chats">See Conversations</Link>
          </p>
        ) : (
          <SendMessageForm
            label="Message to the seller"
            whom="the seller"
            to={{
              sender_id: userId,
              receiver_id: listing.vendor_id,
              listing_id: listing.listing_id,
            }}
            initialText={draft}
          />
        )
      }
    </QueryView>
  );
}

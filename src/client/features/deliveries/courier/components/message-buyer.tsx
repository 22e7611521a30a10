import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { conversationKey } from '#shared/screens.js';
import { messagesQuery } from '../../../../lib/queries/message-list';
import { ReadyButton } from '../../../../components/ui/form-controls';
import { SendMessageForm } from '../../../../components/ui/send-message-form';

/**
 * The courier's line to the buyer of a delivery ("I'm at the Library entrance"): "Message
 * buyer" opens a message box; once a message was sent to that buyer it shows "See
 * Conversation", linking to the thread in /chats.
 */
export function MessageBuyer({
  delivery,
  courierId,
}: {
  delivery: DeliveryInstruction;
  courierId: number;
}) {
  const messages = useQuery(messagesQuery());
  const [open, setOpen] = useState(false);
  const [justSent, setJustSent] = useState(false);
  const sent =
    justSent ||
    (messages.data ?? []).some(
      (m) =>
        m.sender_id === courierId &&
        m.receiver_id === delivery.buyer_id &&
        m.listing_id === delivery.listing_id,
    );

  if (sent) {
    return (
      <Link
        to={`/chats?c=${conversationKey(delivery.listing_id, delivery.buyer_id)}`}
        className="btn btn-large btn-outline btn-block"
      >
        See Conversation
      </Link>
    );
  }
  if (!open) {
    return (
      <ReadyButton size="large" variant="outline" block onClick={() => setOpen(true)}>
        Message buyer
      </ReadyButton>
    );
  }
  return (
    <div className="message-buyer">
      <SendMessageForm
        label={`Message to the buyer of ${delivery.title || 'this item'}`}
        whom="the buyer"
        onSent={() => setJustSent(true)}
        to={{
          sender_id: courierId,
          receiver_id: delivery.buyer_id,
          listing_id: delivery.listing_id,
        }}
      />
    </div>
  );
}

import { useState } from 'react';
import type { SendMessageBody } from '#shared/schemas/messages.js';
import { useWaitingMessages } from '#client/lib/outbox-hooks.js';
import { useSendMessage } from '#client/lib/queries/messages.js';
import { useSendKey } from '#client/lib/use-send-key.js';
import { MessageForm, WaitingToSend } from './message-form';

/**
 * A message box that sends `to` someone (blank text is not sent), "Sending…" until the server
 * has it or the outbox keeps it ("Waiting to send", shown below), and says when the server
 * refused it; `onSent` hears when the server has it. Sending the same text again (a second tap)
 * carries the same key: the server keeps it once.
 */
export function SendMessageForm({
  label,
  to,
  whom,
  onSent,
  initialText,
}: {
  label: string;
  to: Omit<SendMessageBody, 'content' | 'client_id'>;
  /** Who the message goes to, in words ("the buyer"). */
  whom: string;
  onSent?: () => void;
  initialText?: string;
}) {
  const send = useSendMessage();
  const key = useSendKey();
  // A new box after a message was kept waiting: its text is in the note below.
  const [kept, setKept] = useState(0);
  const waiting = useWaitingMessages(
    Number(to.sender_id),
    Number(to.listing_id),
    Number(to.receiver_id),
  );
  return (
    <>
      <MessageForm
        key={kept}
        label={label}
        busy={send.isPending}
        initialText={initialText}
        onSend={(content) => {
          if (content === '') return;
          const body = { ...to, content };
          send.mutate(
            { body, key: key.for(body) },
            {
              onSuccess: (outcome) => {
                key.done();
                if (outcome.queued) setKept((n) => n + 1);
                else onSent?.();
              },
            },
          );
        }}
      />
      {send.isError && (
        <p className="form-error" role="alert">
          Could not send: {send.error?.message}
        </p>
      )}
      {waiting.length > 0 && <WaitingToSend entries={waiting} whom={whom} />}
    </>
  );
}

import { useId, useState } from 'react';
import { LIMITS } from '#shared/constants.js';
import type { MessageEntry } from '#shared/outbox.js';
import type { SendMessageBody } from '#shared/schemas/messages.js';
import { useWaitingMessages } from '#client/lib/outbox-hooks.js';
import { useSendMessage } from '#client/lib/queries/messages.js';
import { useSendKey } from '#client/lib/use-send-key.js';
import { FormControls } from './form-controls';

/**
 * "Type a message" and Send. The text goes to `onSend` trimmed (possibly empty: the caller
 * decides; a visitor's Send leads to sign-in whatever the box holds).
 */
export function MessageForm({
  onSend,
  busy,
  label,
  initialText = '',
}: {
  onSend: (content: string) => void;
  busy: boolean;
  /** For screen readers: who the message goes to. */
  label: string;
  /** What the box starts with (a message typed before signing in). */
  initialText?: string;
}) {
  const [text, setText] = useState(initialText);
  const inputId = useId();
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSend(text.trim());
      }}
    >
      <FormControls>
        <label htmlFor={inputId} className="visually-hidden">
          {label}
        </label>
        <input
          id={inputId}
          placeholder="Type a message"
          value={text}
          maxLength={LIMITS.message}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn" disabled={busy}>
          {busy ? 'Sending…' : 'Send'}
        </button>
      </FormControls>
    </form>
  );
}

/**
 * Messages written while the network did not work, still in the outbox: they go to `whom` by
 * themselves once it does (docs/decisions/028-messages-in-the-outbox.md).
 */
export function WaitingToSend({ entries, whom }: { entries: MessageEntry[]; whom: string }) {
  return (
    <div className="waiting-note" role="status" data-testid="message-waiting">
      <p>
        <strong>Waiting to send</strong> — it goes to {whom} as soon as the network works.
      </p>
      <ul>
        {entries.map((e) => (
          <li key={e.key}>“{e.message.content}”</li>
        ))}
      </ul>
    </div>
  );
}

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

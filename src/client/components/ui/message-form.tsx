import { useId, useState } from 'react';
import { LIMITS } from '#shared/constants.js';
import type { SendMessageBody } from '#shared/schemas/messages.js';
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
 * A message box that sends `to` someone (blank text is not sent), "Sending…" until the server
 * has it, and says when it failed; `onSent` hears when it has. Sending the same text again (a
 * second tap, a try after a failure) carries the same Idempotency-Key: the server keeps it once.
 */
export function SendMessageForm({
  label,
  to,
  onSent,
  initialText,
}: {
  label: string;
  to: Omit<SendMessageBody, 'content'>;
  onSent?: () => void;
  initialText?: string;
}) {
  const send = useSendMessage();
  const key = useSendKey();
  return (
    <>
      <MessageForm
        label={label}
        busy={send.isPending}
        initialText={initialText}
        onSend={(content) => {
          if (content === '') return;
          const body = { ...to, content };
          send.mutate({ body, key: key.for(body) }, { onSuccess: onSent });
        }}
      />
      {send.isError && (
        <p className="form-error" role="alert">
          Could not send: {send.error?.message}
        </p>
      )}
    </>
  );
}

import { useId, useState } from 'react';
import { LIMITS } from '#shared/constants.js';
import type { MessageEntry } from '#shared/outbox.js';
import { FormControls } from './form-controls';
import { Button } from './button';

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
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send'}
        </Button>
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

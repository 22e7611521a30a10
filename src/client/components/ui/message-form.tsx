import { useId, useState } from 'react';
import { LIMITS } from '#shared/constants.js';
import { FormControls } from './form-controls';

/**
 * "Type a message" and Send. The text goes to `onSend` trimmed (possibly empty: the caller
 * decides; a visitor's Send leads to sign-in whatever the box holds).
 */
export function MessageForm({
  onSend,
  busy,
  label,
}: {
  onSend: (content: string) => void;
  busy: boolean;
  /** For screen readers: who the message goes to. */
  label: string;
}) {
  const [text, setText] = useState('');
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
          Send
        </button>
      </FormControls>
    </form>
  );
}

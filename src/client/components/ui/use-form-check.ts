import { useState } from 'react';

/**
 * A form's own check before it sends, and the problem it found (for the form's alert and the
 * field's `invalid`). `require(value, message, fieldId)` lets the form go on when `value` is there
 * (not null, false or empty); otherwise it shows `message` and puts focus on the field to fix.
 */
export function useFormCheck() {
  const [problem, setProblem] = useState('');
  function require<T>(value: T | null | false | '', message: string, fieldId?: string): value is T {
    const ok = value !== null && value !== false && value !== '';
    setProblem(ok ? '' : message);
    if (!ok && fieldId) document.getElementById(fieldId)?.focus();
    return ok;
  }
  return { problem, require, clear: () => setProblem('') };
}

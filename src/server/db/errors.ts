/** The database refused a row because a unique key already has it (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}

/** Network failures on the way to PostgreSQL (Node's socket error codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * The database cannot be reached or cannot serve right now: the connection was refused, reset
 * or timed out, the server is shutting down or starting, or it has no connection left (SQLSTATE
 * classes 08 and 57P, 53300); on SQLite, the file cannot be opened, read or written. A passing
 * condition: the caller should try again shortly, and nothing was changed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = String(e?.code ?? '');
  if (NETWORK_CODES.has(code)) return true;
  if (code.startsWith('08') || code.startsWith('57P') || code === '53300') return true;
  if (/^SQLITE_(CANTOPEN|IOERR|FULL|NOTADB|PROTOCOL)/.test(code)) return true;
  // node-postgres reports a connection that dropped or never opened without a code.
  const message = String(e?.message ?? '');
  return (
    code === '' &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
      message,
    )
  );
}

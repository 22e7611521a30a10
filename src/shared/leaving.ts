/**
 * A person's right to leave with their data: the words and limits of "Download my data" and
 * "Delete account", written once for the server and the client
 * (docs/decisions/027-backups-metrics-and-leaving.md).
 */

/** What others see in place of a deleted account's name: its messages and reviews stay. */
export const DELETED_USER_NAME = 'Deleted user';

/** The answer to writing to, or reviewing, someone who deleted their account. */
export const ACCOUNT_GONE_MESSAGE = 'This person deleted their account.';

/** What the person types to confirm that their account is to be deleted. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** Downloads of one's data an hour; the next one is refused (429) until the hour has passed. */
export const EXPORTS_PER_HOUR = 5;

/** The answer of a deleted account. */
export const ACCOUNT_DELETED_MESSAGE =
  'Your account is deleted. Your messages and reviews stay for the people who received them, from "Deleted user".';

/** The wrong password on "Delete account". */
export const DELETE_WRONG_PASSWORD = 'That password is not right. Your account was not deleted.';

/** The version of the download's layout, so a program reading it knows what it holds. */
export const ACCOUNT_EXPORT_FORMAT = 'gator-market-account-data/1' as const;

/** `gator-market-data-maria-2026-12-07.json`: the name the download is saved under. */
export function accountExportFileName(username: string, at: string): string {
  const safe = username.replace(/[^\p{L}\p{N}_.-]/gu, '_');
  return `gator-market-data-${safe}-${at.slice(0, 10)}.json`;
}

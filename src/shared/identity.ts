/**
 * Rules of a campus identity, written once for the server, the client and the mails: how a
 * mailed code looks and how long it lives, how often one may be asked for, how long a reset
 * link works.
 */

/** The code mailed to confirm a campus address: six digits written together. */
export const VERIFICATION_CODE_DIGITS = 6;
export const VERIFICATION_CODE_PATTERN = /^[0-9]{6}$/;
export const VERIFICATION_CODE_HOURS = 24;
/** Wrong tries a code survives; the next one spends it and a new code is needed. */
export const VERIFICATION_MAX_TRIES = 5;
/** A new code at most this often... */
export const VERIFICATION_RESEND_SECONDS = 60;
/** ...and at most this many an hour. */
export const VERIFICATION_RESENDS_PER_HOUR = 5;

/**
 * Per campus address (its canonical form), over every account it has had, deleted ones too, in
 * a day: registrations (refused or not), code mails and code tries. Deleting the account and
 * registering the address again starts none of them afresh.
 */
export const ADDRESS_DAY_LIMITS = {
  registrations: 5,
  codeMails: 10,
  codeTries: 20,
} as const;
export const ADDRESS_LIMIT_HOURS = 24;

/** Accounts one network address may register in an hour, by default (REGISTRATIONS_PER_HOUR). */
export const REGISTRATIONS_PER_HOUR = 20;

/** A reset link works this long, once. */
export const PASSWORD_RESET_MINUTES = 60;

/** `EMAIL_VERIFICATION`: `required` (the default) or `off` (the spec's original flow). */
export const EMAIL_VERIFICATION_MODES = ['required', 'off'] as const;
export type EmailVerificationMode = (typeof EMAIL_VERIFICATION_MODES)[number];

/** The answer of every call an account may make only once its campus e-mail is verified. */
export const EMAIL_UNVERIFIED_MESSAGE =
  'Please verify your campus e-mail first: enter the 6-digit code we sent you on your profile page.';

/** The app's pages a mail links to. */
export const IDENTITY_PAGES = {
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  forgotPassword: '/forgot-password',
} as const;

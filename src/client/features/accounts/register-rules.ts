import { passwordsMatch, REGISTER_FORM_MESSAGES, registerBody } from '#shared/schemas/accounts.js';
import { isCampusEmail } from '#client/lib/campus.js';

export interface RegisterForm {
  firstName: string;
  lastName: string;
  username: string;
  sfsu_email: string;
  password: string;
  confirmPassword: string;
  agreed: boolean;
}

export const EMPTY_REGISTER_FORM: RegisterForm = {
  firstName: '',
  lastName: '',
  username: '',
  sfsu_email: '',
  password: '',
  confirmPassword: '',
  agreed: false,
};

export const MESSAGES = REGISTER_FORM_MESSAGES;

export type RegisterField = keyof RegisterForm;
type TextField = Exclude<RegisterField, 'agreed'>;

/** The fields the server's schema reads a name from: blank to it once its rules normalised it. */
const NAMED = ['firstName', 'lastName', 'username', 'sfsu_email'] as const;

/**
 * Empty as the server sees it: nothing but spaces, or (a name, the username, the e-mail) nothing
 * left once registerBody's own rules took out what it does not keep (zero-width characters).
 */
function blank(name: TextField, value: string): boolean {
  if (value.trim() === '') return true;
  if (!(NAMED as readonly string[]).includes(name)) return false;
  const result = registerBody.shape[name as (typeof NAMED)[number]].safeParse(value);
  return !result.success && result.error.issues.some((issue) => issue.code === 'too_small');
}

/** The fields left empty (or the Terms box unticked), in the form's order: each gets marked. */
export function missingFields(form: RegisterForm): RegisterField[] {
  return (Object.keys(EMPTY_REGISTER_FORM) as RegisterField[]).filter((name) =>
    name === 'agreed' ? !form.agreed : blank(name, form[name]),
  );
}

/** The username's own rules (one alphabet, no invisible characters): the schema's, in its words. */
function usernameRule(username: string): string | undefined {
  const result = registerBody.shape.username.safeParse(username);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export interface RegisterCheck {
  /** Stops the submission. */
  error?: string;
  /** Alerted, but the submission continues (spec: the server refuses it). */
  warning?: string;
}

/**
 * The sign-up rules, checked in this order: all fields, campus e-mail (warn only), passwords
 * match, terms, then the username's own rules (one alphabet, no invisible characters), which
 * the server applies too.
 */
export function checkRegister(form: RegisterForm): RegisterCheck {
  if (missingFields(form).some((name) => name !== 'agreed')) return { error: MESSAGES.required };
  const warning = isCampusEmail(form.sfsu_email) ? undefined : MESSAGES.campusEmail;
  if (!passwordsMatch.check(form)) return { warning, error: MESSAGES.mismatch };
  if (!form.agreed) return { warning, error: MESSAGES.terms };
  const username = usernameRule(form.username);
  if (username) return { warning, error: username };
  return { warning };
}

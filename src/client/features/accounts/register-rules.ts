import { normalizeUsername, usernameProblem } from '#shared/names.js';
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

export const MESSAGES = {
  required: 'Please fill in all fields.',
  campusEmail: 'Please enter a valid SFSU email to register',
  mismatch: "Passwords don't match",
  terms: 'You must agree to the Terms of Service and User Agreement',
} as const;

export type RegisterField = keyof RegisterForm;

/** The fields left empty (or the Terms box unticked), in the form's order: each gets marked. */
export function missingFields(form: RegisterForm): RegisterField[] {
  return (Object.keys(EMPTY_REGISTER_FORM) as RegisterField[]).filter((name) =>
    name === 'agreed' ? !form.agreed : form[name].trim() === '',
  );
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
  const texts = [
    form.firstName,
    form.lastName,
    form.username,
    form.sfsu_email,
    form.password,
    form.confirmPassword,
  ];
  if (texts.some((t) => t.trim() === '')) return { error: MESSAGES.required };
  const warning = isCampusEmail(form.sfsu_email) ? undefined : MESSAGES.campusEmail;
  if (form.password !== form.confirmPassword) return { warning, error: MESSAGES.mismatch };
  if (!form.agreed) return { warning, error: MESSAGES.terms };
  const username = usernameProblem(normalizeUsername(form.username));
  if (username) return { warning, error: username };
  return { warning };
}

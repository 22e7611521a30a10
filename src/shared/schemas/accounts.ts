import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { VERIFICATION_CODE_PATTERN } from '../identity.js';
import { normalizeUsername, usernameProblem } from '../names.js';
import { flag, id, idParam, requiredText, sellerRatingFields, shownText } from './common.js';

export const publicUser = z.object({
  user_id: z.number(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_courier: z.number(),
  ...sellerRatingFields,
  /** Present (true) once the person deleted their account: the name reads "Deleted user". */
  deleted: z.literal(true).optional(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** The signed-in user's own record: public fields plus e-mail, shift and verification. */
export const sessionUser = publicUser.extend({
  sfsu_email: z.string(),
  on_shift: z.number(),
  /** 1 once the campus e-mail was confirmed with a mailed code (or a reset link), else 0. */
  email_verified: z.number(),
  /** 1 for a moderator (MODERATOR_EMAILS or `npm run moderator`), else 0. */
  is_moderator: z.number(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/**
 * GET /api/user/{id} also says how buyers rate the user as a courier: the rounded mean of the
 * ratings of their deliveries (halves up), null while there is none.
 */
export const courierRating = z.object({
  courier_rating: z.number().int().min(1).max(5).nullable(),
  courier_rating_count: z.number().int().min(0),
});
export type CourierRating = z.infer<typeof courierRating>;

export const email = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(LIMITS.email, 'Email is too long')
  .pipe(z.email('Email is not a valid address'));

const password = z
  .string({ message: 'Password is required' })
  .min(1, 'Password is required')
  .max(LIMITS.passwordMax, 'Password is too long');

export const loginBody = z.strictObject({ email, password });
export type LoginBody = z.infer<typeof loginBody>;

/** A password being chosen: the length rules. */
const newPassword = password.min(
  LIMITS.passwordMin,
  `Password must be at least ${LIMITS.passwordMin} characters`,
);
const confirmPassword = z.string({ message: 'Please confirm the password' });
/** The passwords rule, the server's and the register form's. */
export const passwordsMatch = {
  check: (b: { password: string; confirmPassword: string }) => b.password === b.confirmPassword,
  params: { message: "Passwords don't match", path: ['confirmPassword'] },
};

/**
 * The register form's words (the spec's): for its own checks, and for the server's where the
 * form words them otherwise. Its field rules are registerBody's.
 */
export const REGISTER_FORM_MESSAGES = {
  required: 'Please fill in all fields.',
  campusEmail: 'Please enter a valid SFSU email to register',
  mismatch: passwordsMatch.params.message,
  terms: 'You must agree to the Terms of Service and User Agreement',
} as const;

/**
 * A new username: stored NFKC-normalised (full-width letters are plain ones), in one script,
 * without invisible characters (src/shared/names.ts).
 */
const username = z
  .string({ message: 'Username is required' })
  .transform(normalizeUsername)
  .pipe(requiredText('Username', LIMITS.username))
  .superRefine((name, ctx) => {
    const problem = usernameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const registerBody = z
  .strictObject({
    firstName: shownText('First name', LIMITS.name),
    lastName: shownText('Last name', LIMITS.name),
    username,
    sfsu_email: email,
    password: newPassword,
    confirmPassword,
  })
  .refine(passwordsMatch.check, passwordsMatch.params);
export type RegisterBody = z.infer<typeof registerBody>;

/** POST /api/verify-email: the six digits of the mailed code (spaces between them are fine). */
export const verifyEmailBody = z.strictObject({
  code: z
    .string({ message: 'Enter the 6-digit code from the e-mail' })
    .transform((text) => text.replace(/\s+/g, ''))
    .pipe(z.string().regex(VERIFICATION_CODE_PATTERN, 'Enter the 6-digit code from the e-mail')),
});
export type VerifyEmailBody = z.input<typeof verifyEmailBody>;

/** POST /api/password-reset: where to send the link. */
export const passwordResetBody = z.strictObject({ email });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

/** The token of a reset link: 32 random bytes, base64url. */
const resetToken = z
  .string({ message: 'This reset link is not valid' })
  .regex(/^[A-Za-z0-9_-]{43,128}$/, 'This reset link is not valid');

/** POST /api/password-reset/confirm: the link's token and the new password. */
export const passwordResetConfirmBody = z
  .strictObject({ token: resetToken, password: newPassword, confirmPassword })
  .refine(passwordsMatch.check, passwordsMatch.params);
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;

/** PUT /api/password: a new password for the signed-in user, who proves the current one. */
export const changePasswordBody = z
  .strictObject({
    currentPassword: z
      .string({ message: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(LIMITS.passwordMax, 'Password is too long'),
    password: newPassword,
    confirmPassword,
  })
  .refine(passwordsMatch.check, passwordsMatch.params)
  .refine((b) => b.password !== b.currentPassword, {
    message: 'Choose a new password, not the one you have now',
    path: ['password'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The answer of the identity calls that change nothing a client shows: a sentence. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

export const authResponse = z.object({ user: sessionUser, message: z.string() });
export type AuthResponse = z.infer<typeof authResponse>;

export const meResponse = z.object({ user: sessionUser, expiresAt: z.string() });
export type MeResponse = z.infer<typeof meResponse>;

export const userParams = z.strictObject({ id: idParam });

/** PUT /api/user/{id}: become a courier, and the courier's shift toggle. */
export const updateUserBody = z
  .strictObject({ is_courier: flag.optional(), on_shift: flag.optional() })
  .refine((b) => b.is_courier !== undefined || b.on_shift !== undefined, {
    message: 'Nothing to update: send is_courier or on_shift',
  });
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const userId = id;

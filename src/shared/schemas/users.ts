import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { flag, id, idParam, requiredText } from './common.js';

export const publicUser = z.object({
  user_id: z.number(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_courier: z.number(),
  /** 1-5: the seller's rating, the default 1 while `review_count` is 0. */
  rating: z.number().int().min(1).max(5),
  review_count: z.number().int().min(0),
});
export type PublicUser = z.infer<typeof publicUser>;

/** The signed-in user's own record: public fields plus e-mail and shift. */
export const sessionUser = publicUser.extend({
  sfsu_email: z.string(),
  on_shift: z.number(),
});
export type SessionUser = z.infer<typeof sessionUser>;

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

export const registerBody = z
  .strictObject({
    firstName: requiredText('First name', LIMITS.name),
    lastName: requiredText('Last name', LIMITS.name),
    username: requiredText('Username', LIMITS.username).regex(
      /^[\p{L}\p{N}_.-]+$/u,
      'Username may use letters, digits, dot, dash and underscore',
    ),
    sfsu_email: email,
    password: password.min(
      LIMITS.passwordMin,
      `Password must be at least ${LIMITS.passwordMin} characters`,
    ),
    confirmPassword: z.string({ message: 'Please confirm the password' }),
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterBody = z.infer<typeof registerBody>;

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

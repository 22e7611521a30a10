/** API paths: Signing in and out, registering, e-mail confirmation, passwords, people. */

export const login = '/api/login';
export const register = '/api/register';
export const logout = '/api/logout';
export const me = '/api/me';
/** GET: the signed-in person's data as a JSON download; DELETE /api/me deletes the account. */
export const exportData = '/api/me/export';
export const user = (id: number) => `/api/user/${id}`;
export const verifyEmail = '/api/verify-email';
export const resendVerification = '/api/verify-email/resend';
export const passwordReset = '/api/password-reset';
export const passwordResetConfirm = '/api/password-reset/confirm';
export const password = '/api/password';

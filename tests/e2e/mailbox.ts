/**
 * The e2e server runs without SMTP_URL, as `npm start` does: its mails stay in the built-in
 * mailbox, which this machine reads at /mailbox (and /mailbox.json). People registered through
 * the API confirm their campus address from there, as a developer would.
 */
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect } from './fixtures';

export interface MailboxMail {
  mail_id: number;
  subject: string;
  text: string;
}

/** The mails to `email`, newest first, once at least `count` have arrived. */
export async function mailsTo(
  request: APIRequestContext,
  email: string,
  count = 1,
): Promise<MailboxMail[]> {
  let mails: MailboxMail[] = [];
  await expect
    .poll(
      async () => {
        const res = await request.get(`/mailbox.json?to=${encodeURIComponent(email)}`);
        mails = res.ok() ? ((await res.json()) as MailboxMail[]) : [];
        return mails.length;
      },
      { message: `mail to ${email}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return mails;
}

/** The six digits of the newest verification mail to `email`. */
export async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  const [mail] = await mailsTo(request, email);
  const code = /^\s*([0-9]{6})\s*$/m.exec(mail!.text)?.[1];
  expect(code, mail!.text).toBeTruthy();
  return code!;
}

/** Confirms the campus address of the account `request` is signed in as; answers its user. */
export async function verifyFromMailbox<User>(
  request: APIRequestContext,
  email: string,
): Promise<User> {
  const code = await mailedCode(request, email);
  const res = await request.post('/api/verify-email', { data: { code } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { user: User }).user;
}

/**
 * The names and password a student registers with (the demo password unless given), and the
 * campus e-mail domain of their address (the default campus's, sfsu.edu, unless given).
 */
export interface Registration {
  firstName: string;
  lastName: string;
  password?: string;
  domain?: string | undefined;
}

/** The campus address `username` registers with. */
export const campusAddress = (username: string, domain = 'sfsu.edu') => `${username}@${domain}`;

/** Registers `username` through the API (`request` then holds the session); answers the answer. */
export async function registerThroughApi(
  request: APIRequestContext,
  username: string,
  { firstName, lastName, password = DEMO_PASSWORD, domain }: Registration,
) {
  const res = await request.post('/api/register', {
    data: {
      firstName,
      lastName,
      username,
      sfsu_email: campusAddress(username, domain),
      password,
      confirmPassword: password,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return res;
}

/** A student registered through the API whose campus address is confirmed: their user. */
export async function verifiedStudent<User>(
  request: APIRequestContext,
  username: string,
  registration: Registration,
): Promise<User> {
  await registerThroughApi(request, username, registration);
  return verifyFromMailbox<User>(request, campusAddress(username, registration.domain));
}

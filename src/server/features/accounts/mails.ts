/** The mails of a campus identity, in the words people read them in. */
import {
  IDENTITY_PAGES,
  PASSWORD_RESET_MINUTES,
  VERIFICATION_CODE_HOURS,
} from '#shared/identity.js';
import type { OutgoingMail } from '#server/mail/repository.js';
import { renderMail, type MailContent } from '#server/mail/layout.js';

interface Person {
  first_name: string;
  sfsu_email: string;
}

/** A mail of `kind` to the person's campus address, greeting them by their first name. */
function mailTo(
  person: Person,
  kind: string,
  content: Omit<MailContent, 'greeting'>,
): OutgoingMail {
  const mail = renderMail({ greeting: `Hi ${person.first_name},`, ...content });
  return { kind, to: person.sfsu_email, ...mail };
}

const link = (publicUrl: string, page: string, query?: Record<string, string>) =>
  `${publicUrl}${page}${query ? `?${new URLSearchParams(query)}` : ''}`;

export function verificationMail(person: Person, code: string, publicUrl: string): OutgoingMail {
  return mailTo(person, 'verify-email', {
    subject: 'Confirm your campus e-mail for Gator Market',
    paragraphs: [
      'Welcome to Gator Market. To sell, message sellers, ask for deliveries and carry them, confirm that this campus address is yours. Enter this code on your profile page:',
    ],
    code,
    action: {
      label: 'Confirm my e-mail',
      url: link(publicUrl, IDENTITY_PAGES.verifyEmail, { code }),
    },
    notes: [
      `The code works for ${VERIFICATION_CODE_HOURS} hours, once. If you did not create an account, ignore this mail: nobody can use the address without the code.`,
    ],
  });
}

export function passwordResetMail(person: Person, token: string, publicUrl: string): OutgoingMail {
  return mailTo(person, 'password-reset', {
    subject: 'Reset your Gator Market password',
    paragraphs: [
      'Someone (we hope you) asked to reset the password of the Gator Market account of this address. Choose a new password here:',
    ],
    action: {
      label: 'Choose a new password',
      url: link(publicUrl, IDENTITY_PAGES.resetPassword, { token }),
    },
    notes: [
      `The link works for ${PASSWORD_RESET_MINUTES === 60 ? 'one hour' : `${PASSWORD_RESET_MINUTES} minutes`}, once. If you did not ask for it, ignore this mail: your password stays as it is.`,
    ],
  });
}

export function passwordChangedMail(
  person: Person,
  how: 'reset' | 'change',
  publicUrl: string,
): OutgoingMail {
  return mailTo(person, 'password-changed', {
    subject: 'Your Gator Market password was changed',
    paragraphs: [
      how === 'reset'
        ? 'The password of your Gator Market account was just reset with a link mailed to this address. Every device that was signed in has been signed out.'
        : 'The password of your Gator Market account was just changed from your profile. Every other device that was signed in has been signed out.',
      'If this was you, there is nothing more to do.',
      'If it was not, reset your password now: the link goes only to this address.',
    ],
    action: {
      label: 'Reset my password',
      url: link(publicUrl, IDENTITY_PAGES.forgotPassword),
    },
  });
}

/**
 * Notification mails, in the layout of every mail (src/server/mail/layout.ts). Each carries a
 * one-click unsubscribe link for its kind in the headers (RFC 2369, RFC 8058) and in the text.
 */
import { NOTIFICATION_KINDS, type NotificationKind } from '#shared/notification-kinds.js';
import { SCREENS } from '#shared/screens.js';
import { API } from '#shared/api-paths.js';
import { renderMail } from '#server/mail/layout.js';
import type { OutgoingMail } from '#server/mail/repository.js';
import type { Notice } from './audience.js';
import { unsubscribeToken } from './unsubscribe-token.js';

export interface MailPerson {
  user_id: number;
  first_name: string;
  sfsu_email: string;
}

export interface MailLinks {
  /** PUBLIC_URL: every link points there, never at a request's Host. */
  publicUrl: string;
  /** Signs the unsubscribe links. */
  secret: string;
}

export function unsubscribeUrl(links: MailLinks, userId: number, kind: NotificationKind): string {
  const token = unsubscribeToken(links.secret, userId, kind);
  return `${links.publicUrl}${API.unsubscribe}?${new URLSearchParams({ token })}`;
}

/** One click in the mail app turns the kind off (One-Click only over https, RFC 8058). */
function unsubscribeHeaders(url: string): Record<string, string> {
  return url.startsWith('https://')
    ? { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : { 'List-Unsubscribe': `<${url}>` };
}

function footnotes(links: MailLinks, kind: NotificationKind, stopUrl: string): string[] {
  return [
    `You get this e-mail because e-mails are on for "${NOTIFICATION_KINDS[kind].label}". Turn them off with one click: ${stopUrl}`,
    `Choose what reaches you, and how: ${links.publicUrl}${SCREENS.notificationSettings}`,
  ];
}

/** One notice, mailed as it happens. */
export function noticeMail(person: MailPerson, notice: Notice, links: MailLinks): OutgoingMail {
  const stopUrl = unsubscribeUrl(links, person.user_id, notice.kind);
  const mail = renderMail({
    subject: notice.title,
    greeting: `Hi ${person.first_name},`,
    paragraphs: [notice.title, notice.body],
    action: { label: 'Open Gator Market', url: `${links.publicUrl}${notice.url}` },
    notes: footnotes(links, notice.kind, stopUrl),
  });
  return {
    kind: `notify-${notice.kind}`,
    to: person.sfsu_email,
    ...mail,
    headers: unsubscribeHeaders(stopUrl),
  };
}

export interface DigestItem {
  title: string;
  body: string;
  url: string;
}

/** The unread messages since the last digest, one line per conversation. */
export function digestMail(
  person: MailPerson,
  items: readonly DigestItem[],
  links: MailLinks,
): OutgoingMail {
  const stopUrl = unsubscribeUrl(links, person.user_id, 'message');
  const conversations = items.length === 1 ? 'one conversation' : `${items.length} conversations`;
  const mail = renderMail({
    subject:
      items.length === 1 ? items[0]!.title : `New messages in ${conversations} on Gator Market`,
    greeting: `Hi ${person.first_name},`,
    paragraphs: [
      `You have unread messages in ${conversations}:`,
      ...items.map((item) => `${item.title}. ${item.body}`),
    ],
    action: {
      label: 'Read them in Gator Market',
      url: `${links.publicUrl}${items.length === 1 ? items[0]!.url : '/Chats'}`,
    },
    notes: footnotes(links, 'message', stopUrl),
  });
  return {
    kind: 'notify-message-digest',
    to: person.sfsu_email,
    ...mail,
    headers: unsubscribeHeaders(stopUrl),
  };
}

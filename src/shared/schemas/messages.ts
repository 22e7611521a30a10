import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { id, idParam, requiredText } from './common.js';

export const directMessage = z.object({
  message_id: z.number(),
  sender_id: z.number(),
  receiver_id: z.number(),
  listing_id: z.number().nullable(),
  content: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  sender_username: z.string(),
  receiver_username: z.string(),
  title: z.string().nullable(),
  thumbnail: z.string().nullable(),
  /** The id the sender's device made for it, if it sent one (`client_id` below). */
  client_id: z.string().nullable(),
});
export type DirectMessage = z.infer<typeof directMessage>;

/** A device-made message id: a UUID, or any 1 to 64 letters, digits, `-` and `_`. */
export const MESSAGE_CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const MESSAGE_CLIENT_ID_MESSAGE =
  'client_id must be 1 to 64 letters, digits, - or _ (a UUID is best).';
export const CLIENT_ID_REUSED_MESSAGE =
  'This client_id was already used for a different message. Make a new id for a new message.';

export const sendMessageBody = z.strictObject({
  sender_id: id,
  receiver_id: id,
  listing_id: id,
  content: requiredText('Message', LIMITS.message),
  /**
   * Optional: the id the sender's device made for this message (docs/decisions/028-messages-in-the-outbox.md). The same
   * id again from the same sender, at any time, stores nothing new and answers the message it
   * named (200); with another receiver, listing or text, 422 `client_id_reused`.
   */
  client_id: z
    .string({ message: MESSAGE_CLIENT_ID_MESSAGE })
    .regex(MESSAGE_CLIENT_ID_PATTERN, MESSAGE_CLIENT_ID_MESSAGE)
    .optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

export const listingSenderQuery = z.strictObject({ id: idParam, listing: idParam });

/** POST /api/direct_message/read: mark a conversation read up to now. */
export const markReadBody = z.strictObject({ listing_id: id, other_user_id: id });

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
});
export type DirectMessage = z.infer<typeof directMessage>;

export const sendMessageBody = z.strictObject({
  sender_id: id,
  receiver_id: id,
  listing_id: id,
  content: requiredText('Message', LIMITS.message),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

export const listingSenderQuery = z.strictObject({ id: idParam, listing: idParam });

/** POST /api/direct_message/read: mark a conversation read up to now. */
export const markReadBody = z.strictObject({ listing_id: id, other_user_id: id });

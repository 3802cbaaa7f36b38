import { z } from 'zod';
import { textMax } from '@/lib/form-limits';
import { idSchema, isoDateTimeSchema } from './common-responses';
import { idField, requiredText } from './fields';

/** Spec §5/§7 POST /api/message: the recipient's user id and the text (required, at most 2000 characters). */
export const sendMessageBodySchema = z.object({
  user_id: idField,
  message: requiredText(textMax.message),
  /** Issue 28: the place or event page the conversation was started from, for its owner's statistics. */
  place_id: idField.optional(),
  event_id: idField.optional(),
});
export type SendMessageInput = z.output<typeof sendMessageBodySchema>;

/** Spec §3 conversation summary: the other side's id and name, the last message's date, read or not. */
export const conversationSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  /** DD/MM/YYYY HH:mm in Europe/Warsaw. */
  date: z.string(),
  last_message_at: isoDateTimeSchema,
  read: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** Spec §3 message: `pivot.sender` is true for the caller's own messages. */
export const threadMessageSchema = z.object({
  id: idSchema,
  message: z.string(),
  created_at: isoDateTimeSchema,
  author: z.string(),
  pivot: z.object({ sender: z.boolean() }),
  /** Hidden by a moderator: the text is left out and the pages say so. */
  hidden: z.boolean().optional(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/** A conversation with one user: oldest message first, and whether the caller may write in it. */
export const conversationSchema = z.object({
  user: z.object({ id: idSchema, name: z.string() }),
  can_write: z.boolean(),
  data: z.array(threadMessageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

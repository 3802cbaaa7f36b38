import { z } from 'zod';
import { textMax } from '@/lib/form-limits';
import { idSchema, isoDateTimeSchema } from './common-responses';
import { requiredText, trimmed } from './fields';
import { reportReasons, reportTargets } from './reports';

/** The kinds of item an admin hides or restores (the `:target` of the routes). */
export const moderationTargetSchema = z.enum(reportTargets);
export const moderationParams = z.object({
  target: moderationTargetSchema,
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** GET /api/admin/reports: open reports (grouped per item) or the hidden items. */
export const reportsQuerySchema = z.object({
  status: z.enum(['open', 'hidden']).default('open'),
});
export type ReportsQuery = z.output<typeof reportsQuerySchema>;

/** One reported (or hidden) item: its reports grouped, an excerpt of it and where it is shown. */
export const reportedItemSchema = z.object({
  target: moderationTargetSchema,
  target_id: idSchema,
  /** The newest open report's id (dismissing it dismisses all of the item's open reports). */
  report_id: idSchema.nullable(),
  count: z.number().int(),
  reasons: z.array(z.enum(reportReasons)),
  texts: z.array(z.string()),
  excerpt: z.string(),
  /** The public page showing the item (null for a message). */
  link: z.string().nullable(),
  author: z.object({ id: idSchema, name: z.string() }).nullable(),
  hidden_at: isoDateTimeSchema.nullable(),
  last_reported_at: isoDateTimeSchema.nullable(),
});
export type ReportedItem = z.infer<typeof reportedItemSchema>;

/** The answer of hide / restore / dismiss. */
export const moderationResultSchema = z.object({
  target: moderationTargetSchema,
  id: idSchema,
  hidden_at: isoDateTimeSchema.nullable(),
});

/** GET /api/admin/users?search= */
export const adminUsersQuerySchema = z.object({ search: trimmed(textMax.search).optional() });

export const adminUserSchema = z.object({
  id: idSchema,
  email: z.string(),
  name: z.string(),
  role: z.enum(['user', 'company', 'admin']),
  created_at: isoDateTimeSchema,
  blocked_at: isoDateTimeSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** POST /api/admin/user/:id/block: the reason is required (it goes to the audit log). */
export const blockUserBodySchema = z.object({ reason: requiredText(textMax.reason) });
export type BlockUserInput = z.output<typeof blockUserBodySchema>;

import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common-responses';
import { checkResultWindow, pageQueryFields } from './pagination';

// Issue 14 point 5 (the admin overview) and point 3's audit log as the admin area shows it.

/** One Warsaw day of the overview: what was created or paid that day. */
export const overviewDaySchema = z.object({
  /** YYYY-MM-DD, a day in Europe/Warsaw. */
  date: z.string(),
  accounts: z.int(),
  events: z.int(),
  places: z.int(),
  orders: z.int(),
  /** Paid that day, in PLN (grosze / 100). */
  revenue: z.number(),
});

export const overviewTotalsSchema = overviewDaySchema.omit({ date: true });

/** GET /api/admin/overview: the last 30 days, oldest first, their totals and what waits for an admin. */
export const adminOverviewSchema = z.object({
  days: z.array(overviewDaySchema),
  totals: overviewTotalsSchema,
  open_reports: z.int(),
  places_pending: z.int(),
  walks_pending: z.int(),
});

export type OverviewDay = z.infer<typeof overviewDaySchema>;
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** GET /api/admin/audit?page= */
/** The audit log shows 20 entries a page unless asked otherwise. */
export const auditPerPage = 20;

// The page size is set before the window check, so the deepest page is counted in pages of 20.
export const auditQuerySchema = z
  .object(pageQueryFields)
  .transform((q) => ({ ...q, per_page: q.per_page ?? auditPerPage }))
  .superRefine(checkResultWindow);

/** A key whose value the action changed. */
export const auditChangeSchema = z.object({ key: z.string(), before: z.unknown(), after: z.unknown() });

export const auditEntrySchema = z.object({
  id: idSchema,
  created_at: isoDateTimeSchema,
  /** DD.MM.YYYY HH:mm in Europe/Warsaw. */
  date: z.string(),
  /** Null for the command line (or an admin account removed since). */
  admin: z.object({ id: idSchema, email: z.string() }).nullable(),
  action: z.string(),
  target: z.string(),
  target_id: idSchema.nullable(),
  /** Only the keys whose value differs between before and after. */
  changes: z.array(auditChangeSchema),
});

export type AuditChange = z.infer<typeof auditChangeSchema>;
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

import { z } from 'zod';
import { textMax } from '@/lib/form-limits';
import { formId, optionalText } from './fields';

/**
 * Issue 17: a calendar import for a place, from a URL or an uploaded .ics file. The URL's safety (scheme,
 * address) is checked by the server, which resolves the host; here only its shape.
 */
export const createImportBodySchema = z.object({
  category_id: formId,
  url: optionalText(textMax.url),
});

export type CreateImportBody = z.output<typeof createImportBodySchema>;

const reportEntrySchema = z.object({
  uid: z.string(),
  name: z.string().nullable(),
  outcome: z.enum(['created', 'updated', 'unchanged', 'removed', 'skipped', 'failed', 'missing']),
  /** A message key (imports.reason.*) or field errors, when the VEVENT was not applied. */
  reason: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
  eventId: z.int().optional(),
});

/** What one reading of a calendar did, event by event. */
export const importSummarySchema = z.object({
  status: z.string(),
  created: z.int(),
  updated: z.int(),
  skipped: z.int(),
  failed: z.int(),
  report: z.array(reportEntrySchema),
});

const isoOrNull = z.iso.datetime().nullable();

/** GET /api/place/{id}/imports: a place's calendar imports with their last report, newest first. */
export const importListSchema = z.array(
  z.object({
    id: z.int(),
    /** Null for an uploaded file, read once. */
    url: z.string().nullable(),
    categoryId: z.int(),
    lastRunAt: isoOrNull,
    lastStatus: z.string().nullable(),
    created: z.int(),
    updated: z.int(),
    skipped: z.int(),
    failed: z.int(),
    report: z.array(reportEntrySchema),
    nextRunAt: isoOrNull,
  }),
);

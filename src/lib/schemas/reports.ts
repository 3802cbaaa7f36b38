import { z } from 'zod';
import { textMax } from '@/lib/form-limits';
import { idSchema } from './common-responses';
import { idField, optionalText } from './fields';

export const reportTargets = ['comment', 'place', 'event', 'message'] as const;
export type ReportTarget = (typeof reportTargets)[number];
export const reportReasons = ['spam', 'offensive', 'false_information', 'illegal', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];

/** POST /api/report: what is reported, why, and (required for "other") in the reporter's words. */
export const reportBodySchema = z
  .object({
    target: z.enum(reportTargets, 'validation.invalid_option'),
    target_id: idField,
    reason: z.enum(reportReasons, 'validation.invalid_option'),
    text: optionalText(textMax.report),
  })
  .superRefine((input, ctx) => {
    if (input.reason === 'other' && !input.text) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'validation.required' });
    }
  });
export type ReportInput = z.output<typeof reportBodySchema>;

export const reportCreatedSchema = z.object({ id: idSchema });

import { z } from 'zod';
import { maxRejectReason } from '@/lib/form-limits';
import { idSchema, isoDateTimeSchema } from './common-responses';
import { idField, queryWhole, requiredText } from './fields';
import { pageSchema } from './pagination';

// Issue 14 point 2: the admin's verification queues of places and of virtual walks, and the decisions.

export { maxRejectReason };

/** What a walk belongs to: a place or an event. */
export const walkKinds = ['place', 'event'] as const;
export type WalkKind = (typeof walkKinds)[number];

/** `?page=` of a queue. */
export const verificationQueueQuerySchema = z.object({
  page: queryWhole(z.number().int().min(1).max(10_000)),
});

/** A rejection: the reason is required and goes to the owner. */
export const rejectBodySchema = z.object({ reason: requiredText(maxRejectReason) });
export type RejectInput = z.output<typeof rejectBodySchema>;

export const walkParams = z.object({ kind: z.enum(walkKinds), id: idField });

const ownerSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
});

/** A place waiting for verification, with what the admin needs to decide. */
export const verificationPlaceSchema = z.object({
  id: idSchema,
  name: z.string(),
  owner: ownerSchema,
  city: z.string(),
  street: z.string(),
  postcode: z.string(),
  phone: z.string().nullable(),
  url: z.string().nullable(),
  description: z.string(),
  categories: z.array(z.object({ id: idSchema, name: z.string() })),
  created_at: isoDateTimeSchema,
  /** The public page, `/places/{id}`. */
  page: z.string(),
});
export type VerificationPlace = z.infer<typeof verificationPlaceSchema>;

/** A virtual walk waiting for verification: its link and the place or event it belongs to. */
export const verificationWalkSchema = z.object({
  kind: z.enum(walkKinds),
  id: idSchema,
  name: z.string(),
  url: z.string(),
  place: z.object({ id: idSchema, name: z.string() }),
  owner: ownerSchema,
  created_at: isoDateTimeSchema,
  /** The public page, `/places/{id}` or `/events/{id}`. */
  page: z.string(),
});
export type VerificationWalk = z.infer<typeof verificationWalkSchema>;

export const verificationPlacePageSchema = pageSchema(verificationPlaceSchema);
export const verificationWalkPageSchema = pageSchema(verificationWalkSchema);

/** The answer of a decision: the item's state after it. */
export const verificationResultSchema = z.object({
  data: z.object({
    id: idSchema,
    state: z.enum(['pending', 'verified', 'rejected']),
    reason: z.string().nullable(),
  }),
  message: z.string(),
});
export type VerificationResult = z.infer<typeof verificationResultSchema>['data'];

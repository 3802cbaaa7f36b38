import { z } from 'zod';

// Pieces shared by the API's declared answers. The serializer parses every answer with its schema
// and drops what a schema does not name, so each answer schema lists every field it sends.

/** An id column (4-byte serial). */
export const idSchema = z.int();

/** A moment, as `Date.toISOString()` writes it. */
export const isoDateTimeSchema = z.iso.datetime();

/** A stored image, by its public address. */
export const imageSchema = z.object({ url: z.string() });

/** A short confirmation in the request's language. */
export const messageSchema = z.object({ message: z.string() });

/** The answer `{ data }` around one resource or a list. */
export const dataOf = <T extends z.ZodType>(data: T) => z.object({ data });

/** The answer `{ data, message }` of a write that returns what it wrote. */
export const dataWithMessageOf = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string() });

/** Whether an event or a place is among the attendee's favourites after adding or removing it. */
export const favouriteStateSchema = z.object({ id: idSchema, favourite: z.boolean() });

/**
 * An error answer (the errors plugin's shape; sign-in adds a `code`). Declared only where a route
 * answers errors itself; loose, so that an error is never trimmed or refused by its own schema.
 */
export const errorResponseSchema = z.looseObject({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** 204: a deletion or a sign-out answers with no body. */
export const noContentSchema = z.undefined().describe('No content');

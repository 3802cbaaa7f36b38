import { z } from 'zod';
import { formId, optionalText } from './fields';

/**
 * Issue 17: a calendar import for a place, from a URL or an uploaded .ics file. The URL's safety (scheme,
 * address) is checked by the server, which resolves the host; here only its shape.
 */
export const createImportBodySchema = z.object({
  category_id: formId,
  url: optionalText(500),
});

export type CreateImportBody = z.output<typeof createImportBodySchema>;

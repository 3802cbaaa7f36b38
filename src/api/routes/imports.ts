import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteRoute } from '@/api/delete-route';
import { parseFields } from '@/api/forms';
import { actorOf } from '@/api/plugins/auth';
import { emptyFormObject, isSafeFieldName } from '@/lib/form-fields';
import { dataOf } from '@/lib/schemas/common-responses';
import { idParams } from '@/lib/schemas/fields';
import { createImportBodySchema, importListSchema, importSummarySchema } from '@/lib/schemas/imports';
import { AppError, fieldError } from '@/server/errors';
import { assertOwnPlace, listImports } from '@/server/imports/list-imports';
import { createImport, deleteImport, runImportNow } from '@/server/imports/manage-imports';
import { maxFeedBytes, type SafeFetchOptions } from '@/server/imports/safe-fetch';
import { hit } from '@/server/rate-limit';

export interface ImportsRoutesOptions {
  /** Tests let the feed server on 127.0.0.1 through; production never sets it. */
  fetch?: SafeFetchOptions;
}

const maxFieldBytes = 64 * 1024;

/**
 * The import form: fields and at most one .ics file of 2 MB. The project's form reader takes only images
 * (it checks their first bytes), so a calendar file is read here, with the same early refusals: a declared
 * length over the bound before reading, a file over the limit as soon as it passes it.
 */
async function readImportForm(request: FastifyRequest) {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxFeedBytes + maxFieldBytes)
    throw new AppError('payload_too_large', 'api.too_large');
  if (!request.isMultipart()) {
    const body = request.body;
    const fields = Object.assign(emptyFormObject(), body && typeof body === 'object' ? body : {});
    return { fields, file: undefined };
  }
  const fields = emptyFormObject();
  let file: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { files: 1, fields: 10, fieldSize: maxFieldBytes, fileSize: maxFeedBytes },
    })) {
      if (!isSafeFieldName(part.fieldname)) throw fieldError('_', 'validation.unsafe_field_name');
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') throw fieldError(part.fieldname, 'validation.unexpected_file');
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) throw fieldError('file', 'import.status.too_big');
      const text = Buffer.concat(chunks).toString('utf8');
      if (text !== '' || part.filename) file = text;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('file', 'import.status.too_big');
    if ((error as { code?: string }).code?.endsWith('_LIMIT'))
      throw new AppError('payload_too_large', 'api.too_large');
    if (error instanceof AppError) throw error;
    // Nothing else here can fail but the multipart parser, on the bytes it was sent (issue 26).
    throw new AppError('bad_request', 'api.malformed_form');
  }
  return { fields, file };
}

export const importsRoutes: FastifyPluginAsyncZod<ImportsRoutesOptions> = async (app, options) => {
  const fetch = options.fetch ?? {};

  // GET /api/place/{id}/imports - the company's imports for its place, with their last report
  app.get(
    '/api/place/:id/imports',
    { schema: { tags: ['imports'], params: idParams, response: { 200: dataOf(importListSchema) } } },
    async (request) => {
      const actor = actorOf(request);
      const rows = await listImports({ actor, placeId: request.params.id });
      return {
        data: rows.map((row) => ({
          ...row,
          lastRunAt: row.lastRunAt?.toISOString() ?? null,
          nextRunAt: row.nextRunAt?.toISOString() ?? null,
        })),
      };
    },
  );

  // POST /api/place/{id}/imports - url or file (.ics, multipart) and category_id; runs at once
  const created = dataOf(z.object({ id: z.int(), summary: importSummarySchema }));
  app.post(
    '/api/place/:id/imports',
    { schema: { tags: ['imports'], params: idParams, response: { 200: created } } },
    async (request) => {
      const actor = actorOf(request);
      await assertOwnPlace(actor, request.params.id);
      // Adding a source reads it at once: it counts as a run, before the body is read.
      await hit('importRunsByCompany', String(actor.id));
      const form = await readImportForm(request);
      const body = parseFields(createImportBodySchema, form.fields);
      const created = await createImport({
        actor,
        placeId: request.params.id,
        categoryId: body.category_id,
        url: form.file === undefined ? body.url : undefined,
        file: form.file,
        fetch,
      });
      return { data: created };
    },
  );

  // POST /api/imports/{id}/run - "Run now"
  app.post(
    '/api/imports/:id/run',
    { schema: { tags: ['imports'], params: idParams, response: { 200: dataOf(importSummarySchema) } } },
    async (request) => {
      const actor = actorOf(request);
      await hit('importRunsByCompany', String(actor.id));
      return { data: await runImportNow({ actor, importId: request.params.id, fetch }) };
    },
  );

  // DELETE /api/imports/{id} - the import goes, its events stay
  deleteRoute(app, '/api/imports/:id', 'imports', (actor, importId) => deleteImport({ actor, importId }));
};

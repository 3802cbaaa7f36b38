import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { assignField } from '../lib/form-fields';
import type { Upload } from '../server/media/uploads';
import { RequestValidationError } from './plugins/errors';

export interface FormData {
  fields: Record<string, unknown>;
  files: Record<string, Upload[]>;
}

/** Reads a multipart form (files streamed and cut at the size limit) or takes a JSON body as it is. */
export async function readForm(request: FastifyRequest): Promise<FormData> {
  if (!request.isMultipart()) {
    const body =
      request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    return { fields: { ...body }, files: {} };
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, Upload[]> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') return null;
        throw error;
      });
      // An empty file input is sent as a part with no name and no bytes: it is no upload.
      if (buffer !== null && buffer.length === 0 && !part.filename) continue;
      const field = part.fieldname.replace(/\[[^\]]*\]$/, '');
      const upload: Upload = {
        field,
        filename: part.filename,
        buffer: buffer ?? Buffer.alloc(0),
        truncated: buffer === null || part.file.truncated,
      };
      files[field] = [...(files[field] ?? []), upload];
    } else {
      assignField(fields, part.fieldname, part.value);
    }
  }
  return { fields, files };
}

/** Parses form fields with a schema, answering a 422 with the raw issues like every other route. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(fields, { reportInput: true });
  if (!result.success) throw new RequestValidationError(result.error);
  return result.data;
}

/** The first upload of any of the names (the spec's forms use `logo` and `new_photo_logo` alike). */
export function firstFile(files: Record<string, Upload[]>, ...names: string[]): Upload | undefined {
  for (const name of names) {
    const file = files[name]?.[0];
    if (file) return file;
  }
  return undefined;
}

export function clientIp(request: FastifyRequest): string {
  return request.ip || 'unknown';
}

import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Upload } from '../server/media/uploads';
import { RequestValidationError } from './plugins/errors';

export interface FormData {
  fields: Record<string, unknown>;
  files: Record<string, Upload[]>;
}

// `a[]` appends to a list, `a[3]` sets a key of an object, `a` sets a value (a repeated one becomes a
// list): the Laravel/PHP conventions the spec's forms use (place_hours_from[1], languages[], ...).
function assign(target: Record<string, unknown>, name: string, value: unknown) {
  const m = name.match(/^([^[\]]+)\[([^[\]]*)\]$/);
  if (!m) {
    const existing = target[name];
    target[name] =
      existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    return;
  }
  const [, base = '', key = ''] = m;
  if (key === '') {
    const list = Array.isArray(target[base]) ? (target[base] as unknown[]) : [];
    list.push(value);
    target[base] = list;
  } else {
    const obj =
      target[base] && typeof target[base] === 'object' && !Array.isArray(target[base])
        ? (target[base] as Record<string, unknown>)
        : {};
    obj[key] = value;
    target[base] = obj;
  }
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
      assign(fields, part.fieldname, part.value);
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

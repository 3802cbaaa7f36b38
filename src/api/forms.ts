import fsp from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  assignField,
  emptyFormObject,
  formObjectOf,
  isSafeFieldName,
  UnsafeFieldNameError,
} from '@/lib/form-fields';
import { maxImageBytes } from '@/lib/spec-limits';
import { AppError, fieldError } from '@/server/errors';
import { sniffBytes, sniffFormat } from '@/server/media/images';
import { removeStaged, stagingPath } from '@/server/media/staging';
import type { Upload } from '@/server/media/uploads';
import { RequestValidationError } from './plugins/errors';

export interface FormData {
  fields: Record<string, unknown>;
  files: Record<string, Upload[]>;
}

/** How many files a form field takes, and what to say when more come (the plan's photo limit, say). */
export interface FileRule {
  max: number;
  tooMany?: { key: string; params?: Record<string, number> };
}

/** The files a route accepts, by field name (`images[]` and `images[3]` count as `images`). */
export type FileRules = Record<string, FileRule>;

// Text fields of the largest form (a place profile with a 20,000-character description) take well under
// this; multipart overhead per part is a few hundred bytes.
const maxFieldBytes = 1024 * 1024;
const maxFieldValueBytes = 100 * 1024;
const maxFields = 1000;
const partOverheadBytes = 1024;

/** The largest body a form with these files can honestly have: a declared length above it is refused. */
export function formBodyLimit(rules: FileRules): number {
  const files = Object.values(rules).reduce((sum, rule) => sum + rule.max, 0);
  return maxFieldBytes + files * (maxImageBytes + partOverheadBytes);
}

const tooLarge = () => new AppError('payload_too_large', 'api.too_large');
const unsafeName = (name: string) => fieldError(name, 'validation.unsafe_field_name');
const fileField = (name: string) => name.replace(/\[[^\]]*\]$/, '');

/** Refuses a body whose declared length is over the limit before a byte of it is read. */
function checkDeclaredLength(request: FastifyRequest, limit: number) {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
}

const stagedBy = new WeakMap<FastifyRequest, string[]>();

/** Removes the staging files of a request that has been answered or abandoned (an onResponse hook). */
export async function removeRequestUploads(request: FastifyRequest): Promise<void> {
  const files = stagedBy.get(request);
  if (files) await removeStaged(files.splice(0));
}

/**
 * Streams one file part into a staging file: refused as soon as it passes the size limit or its first
 * bytes are not those of an accepted image, so neither a large nor a wrong file is read to its end.
 */
async function receiveFile(
  file: AsyncIterable<Buffer>,
  field: string,
  filename: string,
  staged: string[],
): Promise<Upload | null> {
  const path = await stagingPath('upload');
  staged.push(path);
  const out = await fsp.open(path, 'wx');
  let size = 0;
  let head: Buffer | null = Buffer.alloc(0);
  try {
    for await (const chunk of fromBody(file)) {
      size += chunk.length;
      if (size > maxImageBytes)
        throw fieldError(field, 'validation.image_too_large', { max: maxImageBytes / (1024 * 1024) });
      if (head) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= sniffBytes) {
          if (!sniffFormat(head)) throw fieldError(field, 'validation.image_type');
          head = null;
        }
      }
      await out.write(chunk);
    }
  } finally {
    await out.close();
  }
  // An empty file input is sent as a part with no name and no bytes: it is no upload.
  if (size === 0 && !filename) return null;
  if (head && !sniffFormat(head)) throw fieldError(field, 'validation.image_type');
  return { field, filename, path, size };
}

/**
 * What the multipart parser threw, as an answer: its limits are a 413, a name it refuses a 422, and
 * anything else (no boundary, garbage, a part cut off before its end) a 400, since the parser fails only
 * on the bytes it was sent.
 */
function bodyError(error: unknown): AppError {
  const code = (error as { code?: string }).code;
  // @fastify/multipart refuses names found on Object.prototype itself (`__proto__`, `constructor`).
  if (code === 'FST_PROTO_VIOLATION') return unsafeName('_');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return tooLarge();
  return new AppError('bad_request', 'api.malformed_form');
}

/**
 * Iterates what the parser yields (parts, or a file's bytes) with its errors as answers. Only the parser's
 * own errors pass through here: those of the loop's body (a refused file, a full disk) end the loop
 * without reaching this catch.
 */
async function* fromBody<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* source;
  } catch (error) {
    throw bodyError(error);
  }
}

/**
 * Reads a form: a multipart body streamed part by part, a urlencoded one, or a JSON body taken as it is.
 * Call it only after the caller is authorized and `files` is known, since that is what bounds the body:
 * a declared length over the bound is a 413 before anything is read, and a file the route does not take,
 * one too many, one over 2 MB or one that is no image is a 422 as soon as it shows. Field names that could
 * reach a prototype are a 422, and the objects built have no prototype.
 */
export async function readForm(request: FastifyRequest, files: FileRules = {}): Promise<FormData> {
  checkDeclaredLength(request, formBodyLimit(files));
  if (!request.isMultipart()) {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body))
      return { fields: emptyFormObject(), files: {} };
    // JSON was parsed with prototype poisoning refused; urlencoded bodies arrive already prototype-free.
    return { fields: Object.assign(emptyFormObject(), body), files: {} };
  }
  const fields = emptyFormObject();
  const uploads = Object.create(null) as Record<string, Upload[]>;
  const staged: string[] = [];
  stagedBy.set(request, staged);
  let fieldBytes = 0;
  try {
    const parts = request.parts({
      limits: {
        fields: maxFields,
        fieldSize: maxFieldValueBytes,
        files: Object.values(files).reduce((sum, rule) => sum + rule.max, 0) + 1,
        fileSize: maxImageBytes + 1,
        parts: maxFields + 200,
      },
    });
    for await (const part of fromBody(parts)) {
      if (!isSafeFieldName(part.fieldname)) throw unsafeName(part.fieldname);
      if (part.type === 'field') {
        fieldBytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(String(part.value));
        if (fieldBytes > maxFieldBytes || part.valueTruncated) throw tooLarge();
        assignField(fields, part.fieldname, part.value);
        continue;
      }
      const field = fileField(part.fieldname);
      const rule = Object.hasOwn(files, field) ? files[field] : undefined;
      if (!rule) throw fieldError(field, 'validation.unexpected_file');
      const upload = await receiveFile(part.file, field, part.filename, staged);
      if (!upload) continue;
      const list = uploads[field] ?? [];
      list.push(upload);
      uploads[field] = list;
      if (list.length > rule.max) {
        const { key, params } = rule.tooMany ?? { key: 'validation.too_many_files', params: undefined };
        throw fieldError(field, key, params ?? { max: rule.max });
      }
    }
  } catch (error) {
    if (error instanceof UnsafeFieldNameError) throw unsafeName(error.field);
    throw error;
  }
  return { fields, files: uploads };
}

/** The urlencoded body parser: Laravel's nested names, no prototype, unsafe names refused. */
export function parseUrlencoded(body: string): Record<string, unknown> {
  try {
    return formObjectOf(new URLSearchParams(body));
  } catch (error) {
    if (error instanceof UnsafeFieldNameError) throw unsafeName(error.field);
    throw error;
  }
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

const one: FileRule = { max: 1 };
const photos = (max: number): FileRule => ({
  max,
  tooMany: { key: 'validation.plan_images', params: { max } },
});

/** The files of each form of the spec (§7), the photo count from the plan. */
export const formFiles = {
  user: (): FileRules => ({ image: one, new_photo_image: one }),
  place: (photoLimit: number): FileRules => ({
    logo: one,
    new_photo_logo: one,
    banner: one,
    new_photo_banner: one,
    images: photos(photoLimit),
  }),
  event: (photoLimit: number): FileRules => ({ banner: one, images: photos(photoLimit) }),
};

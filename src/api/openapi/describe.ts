import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { accessGuard } from '@/api/plugins/auth';
import { type AuthUser, tokenCookie } from '@/server/auth/access-tokens';
import { type Access, type Operation, operations } from './operations';

/** `/api/place/:id` as the description writes it: `/api/place/{id}`. */
export const describedPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

const keyOf = (method: string, url: string) => `${method.toUpperCase()} ${describedPath(url)}`;

// The role an access names; `user` lets any account in. /api/admin/* has its own scope (plugins/admin-scope.ts).
const roles: Partial<Record<Access, AuthUser['role'] | 'any'>> = {
  user: 'any',
  attendee: 'user',
  company: 'company',
};

/** Who the guard lets in: any account, or the access's role (and admins where the operation says so). */
function allowedRoles(operation: Operation): AuthUser['role'][] | undefined {
  const role = roles[operation.access];
  if (!role || role === 'any') return undefined;
  return operation.admins ? [role, 'admin'] : [role];
}

/**
 * Every route the API registers after this must be in `operations`, or be hidden from the description
 * (`schema.hide`: the ones in `undocumented`, and tests' own probes): the server does not start otherwise.
 * The operation's access is enforced here, before its handler, which asks `actorOf(request)` for the
 * caller. Returns the routes seen, for the test that holds the hidden ones to `undocumented`.
 */
export function describeRoutes(app: FastifyInstance): { hidden: string[] } {
  const seen = { hidden: [] as string[] };
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const key = keyOf(method, route.url);
      if ((route.schema as { hide?: boolean } | undefined)?.hide) {
        seen.hidden.push(key);
        continue;
      }
      const operation = Object.hasOwn(operations, key) ? operations[key] : undefined;
      if (!operation) throw new Error(`${key} is not described in src/api/openapi/operations.ts`);
      if (operation.body && (route.schema as { body?: unknown } | undefined)?.body)
        throw new Error(`${key} has a body schema in its route and in operations.ts: keep one`);
      if (roles[operation.access]) {
        const guard = accessGuard(allowedRoles(operation), operation.refusal);
        route.onRequest = [...[route.onRequest ?? []].flat(), guard];
      }
    }
  });
  return seen;
}

type Json = Record<string, unknown>;

const security: Record<Access, Json[]> = {
  public: [],
  optional: [{}, { bearer: [] }, { cookie: [] }],
  user: [{ bearer: [] }, { cookie: [] }],
  attendee: [{ bearer: [] }, { cookie: [] }],
  company: [{ bearer: [] }, { cookie: [] }],
  admin: [{ bearer: [] }, { cookie: [] }],
  // RFC 6749 §2.3.1: HTTP Basic, or the client's id and secret in the body.
  client: [{ clientBasic: [] }, {}],
  payu: [{ payuSignature: [] }],
};

const accessNote: Record<Access, string> = {
  public: 'Anyone may call it.',
  optional: "Anyone may call it; with a token the answer includes the caller's own state.",
  user: 'Needs a token of any account.',
  attendee: "Needs an attendee's token (a company gets 403).",
  company: "Needs a company's token (an attendee gets 403).",
  admin: "Needs an administrator's token.",
  client: 'The OAuth client authenticates with HTTP Basic or with client_id and client_secret in the body.',
  payu: 'Only PayU: the body is checked against the `OpenPayu-Signature` header.',
};

const errorSchema = {
  type: 'object',
  properties: {
    message: { type: 'string', description: "What went wrong, in the request's language (Accept-Language)" },
    errors: {
      type: 'object',
      description: 'Messages by field name',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
  required: ['message'],
};

const rateLimitHeaders = {
  'RateLimit-Limit': { description: 'Calls allowed in the window', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Calls left in the window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window starts again', schema: { type: 'integer' } },
  'RateLimit-Policy': {
    description: 'The limit and its window, `<limit>;w=<seconds>`',
    schema: { type: 'string' },
  },
};

const errorResponse = (description: string, more: Json = {}) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  ...more,
});

const responses: Record<string, Json> = {
  400: errorResponse('The request cannot be read'),
  401: errorResponse('No token, or one that has expired: refresh it or sign in', {
    headers: {
      'WWW-Authenticate': {
        description: 'RFC 6750: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent',
        schema: { type: 'string' },
      },
    },
  }),
  402: errorResponse('No event creations left: buy an event pack'),
  403: errorResponse('Not allowed for this account'),
  404: errorResponse('Not found'),
  409: errorResponse('Not possible in the current state (already done, full, taken)'),
  413: errorResponse('The body or one of its files is too large'),
  422: errorResponse('The input is invalid: `errors` says why, by field'),
  429: errorResponse('Too many calls: wait for `Retry-After` seconds', {
    headers: {
      'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
      ...rateLimitHeaders,
    },
  }),
  503: errorResponse('Unavailable for now'),
};

/** `getPlaceById`, `postEventAddFavourite`: unique, from the method and the path. */
export function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/(api|oauth)\//, '/$1-')
    .replace(/^\/api-/, '/')
    .split(/[/._-]+/)
    .filter(Boolean)
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      const word = param ? `by_${param[1]}` : part.replace(/[^\w]/g, '');
      return word
        .split('_')
        .filter(Boolean)
        .map((w) => w[0]?.toUpperCase() + w.slice(1))
        .join('');
    });
  return method.toLowerCase() + words.join('');
}

function jsonSchemaOf(schema: z.ZodType): Json {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'input',
    unrepresentable: 'any',
  }) as Json;
  return json;
}

function requestBodyOf(operation: Operation): Json | undefined {
  if (!operation.body) return undefined;
  const fields = jsonSchemaOf(operation.body);
  const content: Json = {
    'application/json': { schema: fields },
    'application/x-www-form-urlencoded': { schema: fields },
  };
  if (operation.files) {
    const files = Object.fromEntries(
      Object.entries(operation.files).map(([name, { max, calendar }]) => [
        name,
        calendar
          ? { type: 'string', format: 'binary', description: 'An iCalendar file (.ics) of up to 2 MB' }
          : max === 1
            ? { type: 'string', format: 'binary', description: 'An image (JPEG, PNG or WebP) of up to 2 MB' }
            : {
                type: 'array',
                items: { type: 'string', format: 'binary' },
                description: "Images of up to 2 MB each, as many as the company's plan allows",
              },
      ]),
    );
    content['multipart/form-data'] = {
      schema: { ...fields, properties: { ...(fields.properties as Json | undefined), ...files } },
    };
  }
  return { required: true, content };
}

function queryParametersOf(operation: Operation): Json[] {
  if (!operation.query) return [];
  const json = jsonSchemaOf(operation.query) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema,
  }));
}

/** The 4xx answers of an operation: from its access, its input and what it declares. */
function errorStatuses(path: string, operation: Operation, method: Json): number[] {
  const statuses = new Set<number>(operation.errors ?? []);
  if (roles[operation.access] || operation.access === 'admin') statuses.add(401);
  if (['attendee', 'company', 'admin'].includes(operation.access)) statuses.add(403);
  if (path.includes('{')) statuses.add(404);
  const hasInput = Boolean(method.parameters || method.requestBody || operation.body || operation.query);
  if (hasInput) statuses.add(422);
  if (method.requestBody || operation.body) statuses.add(413);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Converter leftovers Redocly reads as mistakes, made exact: `nullable` on a schema with no type (any value,
 * null included, so the flag says nothing), and `required` keys of a record, which become its properties.
 */
function tidySchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) tidySchemas(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema.nullable === true && !('type' in schema) && !('$ref' in schema)) {
    const typed = ['anyOf', 'oneOf', 'allOf'].some((k) => k in schema);
    if (!typed) delete schema.nullable;
  }
  if (Array.isArray(schema.required) && !schema.properties && schema.additionalProperties) {
    const each = schema.additionalProperties;
    schema.properties = Object.fromEntries((schema.required as string[]).map((k) => [k, each]));
  }
  for (const value of Object.values(schema)) tidySchemas(value);
}

const methods = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * The description as served: each operation's summary, operationId, access, body and 4xx answers from
 * `operations`, the security schemes, the shared error answers and the server.
 */
export function completeDescription(document: Json, serverUrl: string): Json {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  const used = new Set<number>();
  for (const [path, item] of Object.entries(paths)) {
    for (const name of methods) {
      const method = item[name];
      if (!method) continue;
      const key = `${name.toUpperCase()} ${path}`;
      const operation = operations[key];
      if (!operation) throw new Error(`${key} is not described in src/api/openapi/operations.ts`);
      method.summary = operation.summary;
      method.operationId = operationId(name, path);
      method.description = [
        method.description,
        accessNote[operation.access],
        operation.admins && 'An administrator may call it too.',
      ]
        .filter(Boolean)
        .join('\n\n');
      method.security = security[operation.access];
      const body = requestBodyOf(operation);
      if (body) method.requestBody = body;
      const query = queryParametersOf(operation);
      if (query.length) method.parameters = [...((method.parameters as Json[] | undefined) ?? []), ...query];
      const answers = (method.responses ?? {}) as Json;
      const hasOwn4xx = '4XX' in answers;
      for (const status of errorStatuses(path, operation, method)) {
        if (String(status) in answers || hasOwn4xx) continue;
        answers[status] = { $ref: `#/components/responses/E${status}` };
        used.add(status);
      }
      method.responses = answers;
    }
  }
  tidySchemas(paths);
  const components = (document.components ?? {}) as Json;
  return {
    ...document,
    info: {
      ...(document.info as Json),
      description:
        "The REST API of the portal's events and places (spec §7). Answers are in the language of " +
        '`Accept-Language` (Polish or English). Errors have one shape: `{ message, errors? }`.',
    },
    servers: [{ url: serverUrl, description: 'This portal' }],
    components: {
      ...components,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An access token from /oauth/token' },
        cookie: {
          type: 'apiKey',
          in: 'cookie',
          name: tokenCookie,
          description: "The portal's pages: the session cookie (writes also need the page's own origin)",
        },
        clientBasic: { type: 'http', scheme: 'basic', description: "The OAuth client's id and secret" },
        payuSignature: { type: 'apiKey', in: 'header', name: 'OpenPayu-Signature' },
      },
      schemas: { ...(components.schemas as Json | undefined), Error: errorSchema },
      responses: Object.fromEntries(
        Object.entries(responses)
          .filter(([status]) => used.has(Number(status)))
          .map(([status, r]) => [`E${status}`, r]),
      ),
    },
  };
}

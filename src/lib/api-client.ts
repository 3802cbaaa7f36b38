import type { paths } from './api-types';

// The pages' calls to the API, typed from its description (src/lib/api-types.ts, generated and checked in
// CI): a path must be one the API has, its parameters, query and body are the ones it takes, and the
// answer is the one it gives. Types only, but for `apiUrl` (a few bytes in the pages' JavaScript): the
// call itself is components/hooks/use-api.ts, with the language header, the CSRF token and the refresh.

export type ApiPath = keyof paths;
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The methods `P` has. */
export type MethodOf<P extends ApiPath> = {
  [M in ApiMethod]: [paths[P][Lowercase<M>]] extends [undefined] ? never : M;
}[ApiMethod];

type OperationOf<P extends ApiPath, M extends ApiMethod> = Exclude<paths[P][Lowercase<M>], undefined>;

type PathParams<O> = O extends { parameters: { path: infer X } } ? X : never;
type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? Exclude<Q, undefined> : never;
type BodyOf<O> = O extends { requestBody?: { content: infer C } }
  ? C extends { 'multipart/form-data': unknown }
    ? FormData | (C extends { 'application/json': infer B } ? B : never)
    : C extends { 'application/json': infer B }
      ? B
      : never
  : never;
type JsonOf<R> = R extends { content: { 'application/json': infer A } } ? A : undefined;
type AnswerOf<O> = O extends { responses: infer R }
  ? 200 extends keyof R
    ? JsonOf<R[200]>
    : 201 extends keyof R
      ? JsonOf<R[201]>
      : undefined
  : never;

/** What `P` answers to `M`. */
export type ApiAnswer<P extends ApiPath, M extends ApiMethod = 'GET'> = AnswerOf<OperationOf<P, M>>;

/** The parameters, query and body of `M P`: each required or allowed exactly as the description says. */
export type ApiInput<P extends ApiPath, M extends ApiMethod> = ([PathParams<OperationOf<P, M>>] extends [
  never,
]
  ? { params?: undefined }
  : { params: PathParams<OperationOf<P, M>> }) &
  ([QueryOf<OperationOf<P, M>>] extends [never]
    ? { query?: undefined }
    : { query?: QueryOf<OperationOf<P, M>> }) &
  ([BodyOf<OperationOf<P, M>>] extends [never] ? { body?: undefined } : { body?: BodyOf<OperationOf<P, M>> });

declare const apiUrlBrand: unique symbol;
/** An address built by `apiUrl` from the description's paths, never written by hand. */
export type ApiUrl = string & { readonly [apiUrlBrand]: true };

type UrlInput<P extends ApiPath> = ApiInput<P, MethodOf<P>>;

/** `/api/event/{id}/ics` with `{ params: { id: 7 } }` → `/api/event/7/ics`; the query's empty values are left out. */
export function apiUrl<P extends ApiPath>(path: P, input?: Pick<UrlInput<P>, 'params' | 'query'>): ApiUrl {
  const params = (input?.params ?? {}) as Record<string, string>;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input?.query ?? {}) as Record<string, string>)) {
    if (value != null && value !== '') query.set(key, value);
  }
  // Both coerce numbers and booleans to text themselves.
  return ((path as string).replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] as string),
  ) + (query.size ? `?${query}` : '')) as ApiUrl;
}

/**
 * The body `M P` takes. A form that posts its raw fields for the server to validate (the 422 comes back
 * by field) names it with this, so the path and the field names are still checked against the API.
 */
export type ApiBody<P extends ApiPath, M extends ApiMethod> = BodyOf<OperationOf<P, M>>;

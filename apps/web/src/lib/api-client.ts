import type { ErrorDetails, WireErrorCode } from '@switchboard/shared/errors';
import { readWireError } from '@switchboard/shared/wire-error';
import type { paths } from './api/schema.gen';

/**
 * The one way the web app talks to the server: same-origin JSON under `/api`, with every
 * failure turned into an `ApiError` carrying the server's wire error (`wireErrorSchema` in
 * `@switchboard/shared/errors`, read without zod by `readWireError` so that every page does not
 * load the schema library).
 */

export const API_BASE = '/api';

/** Codes the client itself raises, for failures that never reached (or never came from) our handler. */
export const clientErrorCodes = {
  network: 'NETWORK_ERROR',
  http: 'HTTP_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
} as const;

export type ClientErrorCode = (typeof clientErrorCodes)[keyof typeof clientErrorCodes];

/** The server's codes and the client's own: comparing with anything else does not compile. */
export type ApiErrorCode = WireErrorCode | ClientErrorCode;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: ErrorDetails | undefined;
  readonly requestId: string | undefined;

  constructor(options: {
    status: number;
    code: ApiErrorCode;
    message: string;
    details?: ErrorDetails | undefined;
    requestId?: string | undefined;
    cause?: unknown;
  }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
    this.requestId = options.requestId;
  }

  /** 4xx: the request itself is wrong (or not allowed); repeating it will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export type ApiRequestInit = Omit<RequestInit, 'body'> & {
  /**
   * A plain value is sent as JSON. FormData, Blob, URLSearchParams and strings are sent as they
   * are (multipart uploads, for example), letting the browser set the content type.
   */
  body?: unknown;
  /** Appended to the URL; null and undefined entries are left out, an array's items repeat the name. */
  query?: Record<string, QueryValue>;
};

/**
 * `apiFetch('/auth/login', {method: 'POST', body: {...}})` calls `/api/auth/login`.
 * Resolves with the parsed JSON (undefined for an empty answer); rejects with `ApiError`.
 * An aborted request rejects with the abort error itself, so cancellation stays cancellation.
 */
export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { body, query, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  if (!headers.has('accept')) headers.set('accept', 'application/json');

  let requestBody: BodyInit | undefined;
  if (body === undefined || body === null) {
    requestBody = undefined;
  } else if (isRawBody(body)) {
    requestBody = body;
  } else {
    requestBody = JSON.stringify(body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }

  const response = await fetchOk(buildUrl(path, query), {
    credentials: 'same-origin',
    ...rest,
    headers,
    body: requestBody,
  });
  return (await readBody(response)) as T;
}

/**
 * `fetch` for a 2xx answer: a failed one rejects with the `ApiError` its body describes, no
 * answer at all with the client's network error; an aborted request rejects with the abort
 * error itself. For the few calls that read the response themselves (a streamed answer).
 */
export async function fetchOk(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError({
      status: 0,
      code: clientErrorCodes.network,
      message: 'Could not reach the server. Check your connection and try again.',
      cause: error,
    });
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof ReadableStream
  );
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if (!isJson(response)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError({
      status: response.status,
      code: clientErrorCodes.invalidResponse,
      message: 'The server sent a response that could not be read.',
      cause: error,
    });
  }
}

function isJson(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return type.includes('application/json') || type.includes('+json');
}

/** A failed response as the `ApiError` its body describes (also for requests made without fetch). */
export async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown;
  try {
    const text = await response.text();
    payload = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    payload = undefined;
  }

  const wire = readWireError(payload);
  if (wire) {
    return new ApiError({
      status: response.status,
      code: wire.error.code,
      message: wire.error.message,
      details: wire.error.details,
      requestId: wire.requestId,
    });
  }

  // Not our error handler talking (a proxy, the dev server, a gateway): say what HTTP says.
  return new ApiError({
    status: response.status,
    code: clientErrorCodes.http,
    message: response.statusText || `Request failed with status ${response.status}`,
    requestId: response.headers.get('x-request-id') ?? undefined,
  });
}

/** The reason a failure gives the user: the server's message; null when no answer came back. */
export function failureReason(error: Error): string | null {
  return isApiError(error) && error.code === clientErrorCodes.network ? null : error.message;
}

/** The same failure told in other words; an ApiError stays one (a 403 still shows "no access"). */
export function withMessage(error: Error, message: string): Error {
  return isApiError(error)
    ? new ApiError({
        status: error.status,
        code: error.code,
        message,
        details: error.details,
        requestId: error.requestId,
        cause: error,
      })
    : new Error(message, { cause: error });
}

// ---------------------------------------------------------------------------------------------
// The typed client (decision 079): `api('get', '/agents/{id}', {path: {id}})` calls
// `GET /api/agents/:id` through apiFetch, with the path, query, body and answer typed from the
// server's OpenAPI document (./api/schema.gen.ts, written by `npm run api:generate`). The
// generated file is types only: this wrapper is the whole runtime.

/** The document's paths under `/api`, named without the prefix (as apiFetch takes them). */
type ApiPaths = {
  [K in keyof paths as K extends `${typeof API_BASE}${infer P}` ? P : never]: paths[K];
};

export type ApiMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The paths that answer a method. */
export type ApiPathOf<M extends ApiMethod> = {
  [P in keyof ApiPaths]: ApiPaths[P] extends Record<M, object> ? P : never;
}[keyof ApiPaths];

type Operation<M extends ApiMethod, P extends ApiPathOf<M>> = ApiPaths[P][M];

type JsonContent<T> = T extends { content: { 'application/json': infer J } } ? J : never;

/** What a call resolves with: the JSON of its 2xx answer (undefined for 204). */
export type ApiResponse<M extends ApiMethod, P extends ApiPathOf<M>> =
  Operation<M, P> extends { responses: infer R }
    ? {
        [S in keyof R]: S extends 200 | 201 | 202
          ? JsonContent<R[S]>
          : S extends 204
            ? undefined
            : never;
      }[keyof R]
    : never;

type PathInit<O> = O extends { parameters: { path: infer X } } ? { path: X } : unknown;

/** As apiFetch takes it: a null entry is left out, like an undefined one. */
type Query<Q> = { [K in keyof Q]: Q[K] | (undefined extends Q[K] ? null : never) };

type QueryInit<O> = O extends { parameters: { query: infer Q } }
  ? { query: Query<Q> }
  : O extends { parameters: { query?: infer Q } }
    ? { query?: Query<Q> }
    : unknown;

/** A JSON body as the document describes it; a route without one may take FormData (uploads). */
type BodyInit_<O> = O extends { requestBody: infer B }
  ? { body: JsonContent<B> }
  : O extends { requestBody?: infer B }
    ? [Exclude<B, undefined>] extends [never]
      ? { body?: FormData }
      : { body?: JsonContent<B> }
    : { body?: FormData };

export type ApiCallInit<M extends ApiMethod, P extends ApiPathOf<M>> = Omit<
  RequestInit,
  'body' | 'method'
> &
  PathInit<Operation<M, P>> &
  QueryInit<Operation<M, P>> &
  BodyInit_<Operation<M, P>>;

type InitArgs<M extends ApiMethod, P extends ApiPathOf<M>> =
  object extends ApiCallInit<M, P> ? [init?: ApiCallInit<M, P>] : [init: ApiCallInit<M, P>];

/**
 * One API call, typed by the OpenAPI document: `{name}` in the path is filled (encoded) from
 * `init.path`. Errors are apiFetch's: an `ApiError` carrying the server's wire error.
 */
export function api<M extends ApiMethod, P extends ApiPathOf<M>>(
  method: M,
  path: P,
  ...[init]: InitArgs<M, P>
): Promise<ApiResponse<M, P>> {
  const { path: params, ...rest } = (init ?? {}) as ApiRequestInit & {
    path?: Record<string, string | number>;
  };
  const url = params
    ? path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])))
    : path;
  return apiFetch(url, { ...rest, method: method.toUpperCase() });
}

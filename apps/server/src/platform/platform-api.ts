import type http from 'node:http';
import { VapiError, VapiTimeoutError } from '@vapi-ai/server-sdk';
import type { components, paths } from './platform-api.gen';
import { requestOnce } from './recording-fetch';

/**
 * The server's one client for the voice platform's requests that the official server SDK does not
 * wrap (decision 083). Each request is keyed by a path of the platform's own OpenAPI document (or
 * of the supplement for the paths it lacks, declared once in cli/platform-types.ts), and its path
 * parameters, body and answer are the types generated from it (platform-api.gen.ts, `npm run
 * platform:generate`). A transport failure is the SDK's: `VapiTimeoutError` when the time is up,
 * `VapiError` ("Network error", the cause kept) otherwise; `platformRequest` also turns a non-2xx
 * answer into `VapiError` with its status and body, as the SDK does. Where an address may point is
 * each caller's check, as before (recording-fetch.ts for links, live-calls for a controlUrl).
 */

export type PlatformSchemas = components['schemas'];

type Method = 'get' | 'post' | 'delete';

/** The document's paths that have an operation for the method. */
export type PlatformPath<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends undefined ? never : P;
}[keyof paths];

type Operation<P extends keyof paths, M extends Method> = Exclude<paths[P][M], undefined>;

type PathParams<O> = O extends { parameters: { path: infer T } } ? T : never;
type RequestBody<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : never;
type SuccessAnswer<O> = O extends { responses: infer R }
  ? {
      [S in keyof R]: S extends 200 | 201 | 202 | 204
        ? R[S] extends { content: { 'application/json': infer A } }
          ? A
          : undefined
        : never;
    }[keyof R]
  : never;

type PathInit<O> = [PathParams<O>] extends [never] ? { path?: undefined } : { path: PathParams<O> };
type BodyInit<O> = [RequestBody<O>] extends [never]
  ? { body?: undefined }
  : { body: RequestBody<O> };

export type PlatformInit<O> = PathInit<O> &
  BodyInit<O> & {
    /** Whole request, answer included. */
    timeoutMs: number;
    headers?: Record<string, string>;
  };

/** Where requests go, with which key: the private one, or the public one (web calls). */
export type PlatformTarget = { baseUrl: string; key: string | undefined };

/** The platform's answer as it came. */
export type PlatformExchange = { status: number; ok: boolean; text: string };

/** The `{name}` segments of a document path filled, each encoded. */
export function platformPath(
  path: string,
  params: Record<string, string | number> | undefined,
): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/** The request's address, a string as `fetch` is given it: the base, then the filled path. */
function platformUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

function authorization(key: string | undefined): Record<string, string> {
  return key ? { authorization: `Bearer ${key}` } : {};
}

/** One JSON request; transport failures as the SDK's errors. */
async function send(
  url: string,
  what: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body: unknown;
    timeoutMs: number;
    redirect?: RequestInit['redirect'];
  },
): Promise<PlatformExchange> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(init.timeoutMs),
      ...(init.redirect ? { redirect: init.redirect } : {}),
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new VapiTimeoutError('Timeout exceeded when calling ' + what);
    }
    throw new VapiError({ message: 'Network error', cause: error });
  }
  return { status: response.status, ok: response.ok, text: await response.text() };
}

/**
 * A JSON operation of the document, its answer as it came (any status), for a caller that reads
 * the status itself or passes the answer on (POST /call/web).
 */
export function platformExchange<M extends Exclude<Method, 'get'>, P extends PlatformPath<M>>(
  target: PlatformTarget,
  method: M,
  path: P,
  init: PlatformInit<Operation<P, M>>,
): Promise<PlatformExchange> {
  const filled = platformPath(path, init.path as Record<string, string | number> | undefined);
  return send(platformUrl(target.baseUrl, filled), filled, {
    method: method.toUpperCase(),
    headers: { ...authorization(target.key), ...init.headers },
    body: init.body,
    timeoutMs: init.timeoutMs,
  });
}

/** A JSON operation of the document: its 2xx answer, typed; any other status a `VapiError`. */
export async function platformRequest<M extends Exclude<Method, 'get'>, P extends PlatformPath<M>>(
  target: PlatformTarget,
  method: M,
  path: P,
  init: PlatformInit<Operation<P, M>>,
): Promise<SuccessAnswer<Operation<P, M>>> {
  const answer = await platformExchange(target, method, path, init);
  let parsed: unknown;
  try {
    parsed = answer.text ? JSON.parse(answer.text) : undefined;
  } catch {
    parsed = answer.text;
  }
  if (!answer.ok) {
    throw new VapiError({
      message: `Status code: ${answer.status}`,
      statusCode: answer.status,
      body: parsed,
    });
  }
  return parsed as SuccessAnswer<Operation<P, M>>;
}

/** The document's downloads: a GET that answers the file (200) or a redirect to it (302). */
export type PlatformDownloadPath = {
  [P in PlatformPath<'get'>]: 302 extends keyof Operation<P, 'get'>['responses'] ? P : never;
}[PlatformPath<'get'>];

/**
 * A download of the document (a call's log file, its recording): the raw answer, a redirect not
 * followed (its link is the caller's to check), the body a stream; `timeoutMs` bounds the
 * connection and each wait for bytes (recording-fetch.ts's requestOnce), never the whole file.
 * Rejects when the platform cannot be reached.
 */
export async function platformDownload<P extends PlatformDownloadPath>(
  target: PlatformTarget,
  path: P,
  init: {
    path: PathParams<Operation<P, 'get'>>;
    headers?: Record<string, string>;
    timeoutMs: number;
  },
): Promise<{ url: URL; response: http.IncomingMessage }> {
  const filled = platformPath(path, init.path);
  const url = new URL(platformUrl(target.baseUrl, filled));
  const response = await requestOnce(
    url,
    { ...authorization(target.key), ...init.headers },
    undefined,
    init.timeoutMs,
  );
  return { url, response };
}

/** What a call's `monitor.controlUrl` takes: the document's `ClientInboundMessage.message`. */
export type PlatformControlMessage = PlatformSchemas['ClientInboundMessage']['message'];

/**
 * A live call control, POSTed to the call's own `monitor.controlUrl` (an address the platform
 * gives per call, not a path of the document; the caller has checked that it is the platform's).
 * Redirects are refused. The answer as it came.
 */
export async function platformControl(
  controlUrl: string,
  key: string | undefined,
  message: PlatformControlMessage,
  timeoutMs: number,
): Promise<PlatformExchange> {
  return send(controlUrl, new URL(controlUrl).pathname, {
    method: 'POST',
    headers: authorization(key),
    body: message,
    timeoutMs,
    redirect: 'error',
  });
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiFetch, buildUrl } from './api-client';
import { shouldRetry } from './query-client';

function stubFetch(response: Response | Error) {
  const spy = vi.fn<typeof fetch>();
  if (response instanceof Error) spy.mockRejectedValue(response);
  else spy.mockResolvedValue(response);
  vi.stubGlobal('fetch', spy);
  return spy;
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('calls /api with same-origin credentials and returns the JSON', async () => {
    const spy = stubFetch(json({ data: [1, 2] }));
    await expect(
      apiFetch('/contacts', { query: { page: 2, limit: 20, q: undefined } }),
    ).resolves.toEqual({
      data: [1, 2],
    });
    const [url, init] = spy.mock.calls[0] ?? [];
    expect(url).toBe('/api/contacts?page=2&limit=20');
    expect(init?.credentials).toBe('same-origin');
  });

  it('sends a plain body as JSON and FormData as it is', async () => {
    const spy = stubFetch(new Response(null, { status: 204 }));
    await expect(
      apiFetch('/auth/login', { method: 'POST', body: { userName: 'ada' } }),
    ).resolves.toBeUndefined();
    const jsonInit = spy.mock.calls[0]?.[1];
    expect(jsonInit?.body).toBe('{"userName":"ada"}');
    expect(new Headers(jsonInit?.headers).get('content-type')).toBe('application/json');

    const form = new FormData();
    form.append('file', new Blob(['a,b']), 'contacts.csv');
    await apiFetch('/contacts/import', { method: 'POST', body: form });
    const formInit = spy.mock.calls[1]?.[1];
    expect(formInit?.body).toBe(form);
    expect(new Headers(formInit?.headers).has('content-type')).toBe(false);
  });

  it('turns the server wire shape into an ApiError with every field', async () => {
    stubFetch(
      json(
        {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Name is required',
            details: { issues: [{ path: 'body.name', message: 'Name is required' }] },
          },
          requestId: 'req-7',
        },
        { status: 400 },
      ),
    );
    const error = await apiFetch('/agents/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Name is required',
      details: { issues: [{ path: 'body.name', message: 'Name is required' }] },
      requestId: 'req-7',
    });
  });

  it.each([
    { case: 'an unknown code', body: { error: { code: 'OOPS', message: 'x' }, requestId: 'r' } },
    { case: 'no request id', body: { error: { code: 'NOT_FOUND', message: 'x' } } },
    { case: 'no message', body: { error: { code: 'NOT_FOUND' }, requestId: 'r' } },
  ])('treats a body with $case as not ours', async ({ body }) => {
    stubFetch(json(body, { status: 404, statusText: 'Not Found' }));
    await expect(apiFetch('/agents')).rejects.toMatchObject({
      status: 404,
      code: 'HTTP_ERROR',
      message: 'Not Found',
    });
  });

  it('types codes: comparing with one the server never sends does not compile', () => {
    const error = new ApiError({ status: 429, code: 'RATE_LIMITED', message: 'Slow down' });
    // @ts-expect-error 'RATE_LIMITTED' is not a code
    expect(error.code === 'RATE_LIMITTED').toBe(false);
    // @ts-expect-error nor is a free string
    expect(new ApiError({ status: 400, code: 'SOMETHING', message: 'x' })).toBeInstanceOf(ApiError);
  });

  it('falls back to the status text when the body is not ours', async () => {
    stubFetch(new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiFetch('/agents')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_ERROR',
      message: 'Bad Gateway',
    });
  });

  it('names the status when there is no status text either', async () => {
    stubFetch(new Response('', { status: 500 }));
    await expect(apiFetch('/agents')).rejects.toMatchObject({
      message: 'Request failed with status 500',
    });
  });

  it('reports an unreachable server as a network error', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(apiFetch('/agents')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('lets an abort through unchanged', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    stubFetch(abort);
    await expect(apiFetch('/agents')).rejects.toBe(abort);
  });
});

describe('buildUrl', () => {
  it.each([
    { path: '/agents', query: undefined, url: '/api/agents' },
    { path: 'agents', query: undefined, url: '/api/agents' },
    {
      path: '/calls',
      query: { phone: '+1 555', tab: 'all' },
      url: '/api/calls?phone=%2B1+555&tab=all',
    },
    { path: '/calls', query: { from: null }, url: '/api/calls' },
    {
      path: '/calls/c1/logs',
      query: { level: ['WARN', 'ERROR'] },
      url: '/api/calls/c1/logs?level=WARN&level=ERROR',
    },
  ])('$path with $query is $url', ({ path, query, url }) => {
    expect(buildUrl(path, query)).toBe(url);
  });
});

describe('api', () => {
  it('fills the path from the document, encoded, and sends the method, query and body', async () => {
    const spy = stubFetch(json({ done: true }));
    await expect(
      api('patch', '/contacts/enquiries/{id}/status', {
        path: { id: 'a/b c' },
        body: { status: 'resolved' },
      }),
    ).resolves.toEqual({ done: true });
    const [url, init] = spy.mock.calls[0] ?? [];
    expect(url).toBe('/api/contacts/enquiries/a%2Fb%20c/status');
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"status":"resolved"}');

    spy.mockResolvedValue(json({ data: [], unread: 0 }));
    await api('get', '/notifications', { query: { limit: 20 } });
    expect(spy.mock.calls[1]?.[0]).toBe('/api/notifications?limit=20');
    expect(spy.mock.calls[1]?.[1]?.method).toBe('GET');
  });

  it('fails as apiFetch does: an ApiError from the wire error', async () => {
    stubFetch(
      json(
        { error: { code: 'NOT_FOUND', message: 'No such agent' }, requestId: 'req-9' },
        { status: 404 },
      ),
    );
    const error = await api('get', '/agents/{id}', { path: { id: 'gone' } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', requestId: 'req-9' });
  });

  it('types calls by the document: a path, method or body it does not have does not compile', () => {
    const never = () => {
      // @ts-expect-error: no such path
      void api('get', '/agent/{id}', { path: { id: 'a' } });
      // @ts-expect-error: the route answers GET, PATCH and DELETE, not POST
      void api('post', '/agents/{id}', { path: { id: 'a' } });
      // @ts-expect-error: the path parameter is missing
      void api('get', '/agents/{id}');
      void api('patch', '/contacts/enquiries/{id}/status', {
        path: { id: 'a' },
        // @ts-expect-error: not a status the route takes
        body: { status: 'lost' },
      });
    };
    expect(typeof never).toBe('function');
  });
});

describe('shouldRetry', () => {
  const apiError = (status: number) =>
    new ApiError({ status, code: 'INTERNAL_ERROR', message: 'x' });
  it.each([
    { error: apiError(400), failures: 0, retry: false },
    { error: apiError(404), failures: 0, retry: false },
    { error: apiError(500), failures: 0, retry: true },
    { error: apiError(503), failures: 2, retry: false },
    { error: apiError(0), failures: 1, retry: true },
    { error: new Error('boom'), failures: 0, retry: true },
  ])(
    'retries $error.message (status $error.status) after $failures failures: $retry',
    ({ error, failures, retry }) => {
      expect(shouldRetry(failures, error)).toBe(retry);
    },
  );
});

/**
 * A request to the sandbox as a client sends one: the key as a bearer token, a JSON body when
 * one is given. Answers the status and the parsed body (typed `B` by the test that reads it).
 */
export async function sandboxApi<B = unknown>(
  baseUrl: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: B }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as B };
}

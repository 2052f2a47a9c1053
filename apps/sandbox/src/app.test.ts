import { afterAll, describe, expect, it } from 'vitest';
import { buildSandbox } from './app';

describe('sandbox platform', () => {
  const app = buildSandbox({ port: 0, host: '127.0.0.1', logLevel: 'silent' });
  afterAll(() => app.close());

  it('answers its health check', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', service: 'switchboard-sandbox-platform' });
  });

  it('answers unknown routes with a JSON 404, as the platform does', async () => {
    const res = await app.inject({ method: 'GET', url: '/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ statusCode: 404, message: 'Cannot GET /nope' });
  });
});

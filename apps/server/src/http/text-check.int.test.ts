import type { Contact } from '@switchboard/shared/contacts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appForSuite,
  createBusinessWithMember,
  oneDatabase,
  nextTestIp,
  sameOrigin,
  sessionHeaders,
} from '../test/test-app';
import type { WireError } from '@switchboard/shared/errors';

// Control characters (NUL above all, which PostgreSQL refuses in text and jsonb) once gave
// 500s; now any parameter, query value or JSON field carrying one is a 400 naming it.
describe.each(oneDatabase)('control characters in requests on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });
  let member: Record<string, string>;

  beforeAll(async () => {
    const { userName } = await createBusinessWithMember(ctx.app);
    member = await sessionHeaders(ctx.app, userName);
  });

  const expectRefused = (
    res: { statusCode: number; json: <T>() => T },
    path: string,
    char: string,
  ) => {
    expect(res.statusCode).toBe(400);
    const { error } = res.json<WireError>();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain(path);
    expect(error.message).toContain(char);
    // The issue goes under the form's field, so it does not repeat the field's name.
    const issues = (error.details as { issues: { path: string; message: string }[] }).issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toBe(path);
    expect(issues[0]!.message).toMatch(/^Contains /);
    expect(issues[0]!.message).toContain(char);
  };

  it.each([
    ['a NUL', 'name', 'Ann\u0000 Other', 'U+0000'],
    ['an escape', 'notes', 'see \u001b[31mred', 'U+001B'],
    ['a bell', 'company', 'Acme\u0007', 'U+0007'],
    ['an unpaired surrogate', 'name', 'Ann \ud800', 'U+D800'],
  ])('refuses %s in a JSON field, naming the field', async (_, field, value, char) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: member,
      payload: { name: 'Ann Other', email: 'ann@example.ie', [field]: value },
    });
    expectRefused(res, `body.${field}`, char);
  });

  it('refuses one in a query value and in a path parameter', async () => {
    const query = await ctx.app.inject({
      method: 'GET',
      url: '/api/contacts?search=ann%00',
      headers: member,
    });
    expectRefused(query, 'querystring.search', 'U+0000');
    const param = await ctx.app.inject({
      method: 'GET',
      url: '/api/contacts/abc%01def',
      headers: member,
    });
    expectRefused(param, 'params.id', 'U+0001');
  });

  it('refuses one deep in a body and in a field name, before the schema strips them', async () => {
    const nested = await ctx.app.inject({
      method: 'POST',
      url: '/api/service-enquiries',
      headers: sameOrigin,
      remoteAddress: nextTestIp(),
      payload: { extra: { list: ['fine', 'not\u0000fine'] } },
    });
    expectRefused(nested, 'body.extra.list.1', 'U+0000');
    const key = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: member,
      payload: { name: 'Ann', email: 'ann@example.ie', ['bad\u0000key']: 1 },
    });
    expect(key.statusCode).toBe(400);
    expect(key.json<WireError>().error.message).toContain('A field name in body');
  });

  it('keeps tabs and line breaks, and other scripts and emoji', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: member,
      payload: {
        name: 'Nuala Ní Bhriain 👋',
        email: 'nuala@example.ie',
        notes: 'line one\r\nline two\tindented',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Contact>().notes).toBe('line one\r\nline two\tindented');
  });
});

import { describe, expect, it } from 'vitest';
import { businessSettingsSchema } from './account';
import { createAccountSchema, loginSchema, setPasswordSchema } from './auth';

/** Every message per field, so a case can say exactly what the user would see. */
function fieldMessages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const messages: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    (messages[key] ??= []).push(issue.message);
  }
  return messages;
}

describe('loginSchema', () => {
  const valid = { userName: 'ada', password: 'secret1' };

  it.each([
    {
      name: 'empty user name',
      input: { ...valid, userName: '' },
      field: 'userName',
      messages: ['User name is required'],
    },
    {
      name: 'blank user name',
      input: { ...valid, userName: '   ' },
      field: 'userName',
      messages: ['User name is required'],
    },
    {
      name: 'empty password',
      input: { ...valid, password: '' },
      field: 'password',
      messages: ['Password is required'],
    },
    {
      name: 'short password',
      input: { ...valid, password: 'abc' },
      field: 'password',
      messages: ['Password must be at least 6 characters long'],
    },
    {
      name: 'five characters',
      input: { ...valid, password: '12345' },
      field: 'password',
      messages: ['Password must be at least 6 characters long'],
    },
  ])('rejects $name with the seed message only', ({ input, field, messages }) => {
    const result = loginSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(fieldMessages(result)).toEqual({ [field]: messages });
  });

  it('reports both required messages for an empty form', () => {
    const result = loginSchema.safeParse({ userName: '', password: '' });
    expect(fieldMessages(result)).toEqual({
      userName: ['User name is required'],
      password: ['Password is required'],
    });
  });

  it.each([
    { name: 'exactly six characters', input: { userName: 'ada', password: '123456' } },
    {
      name: 'a long password',
      input: { userName: 'ada', password: 'correct horse battery staple' },
    },
  ])('accepts $name', ({ input }) => {
    expect(loginSchema.safeParse(input).success).toBe(true);
  });

  it('trims the user name but keeps the password as typed', () => {
    expect(loginSchema.parse({ userName: '  ada  ', password: ' pass word ' })).toEqual({
      userName: 'ada',
      password: ' pass word ',
    });
  });
});

describe('createAccountSchema', () => {
  const valid = {
    businessName: 'Acme Dental',
    email: 'office@acme.example.com',
    phone: '+15550100',
    website: 'https://acme.example.com',
    pointOfContact: 'Ada Lovelace',
    country: 'United Kingdom',
  };
  const business = {
    name: 'Acme Dental',
    phone: '',
    website: '',
    country: 'United Kingdom',
    timezone: 'Europe/London',
  };

  it.each([
    { field: 'businessName', value: '', message: 'Business name is required' },
    { field: 'businessName', value: '  ', message: 'Business name is required' },
    { field: 'email', value: '', message: 'Please enter a valid email address' },
    { field: 'email', value: 'not-an-email', message: 'Please enter a valid email address' },
    { field: 'email', value: 'ada@', message: 'Please enter a valid email address' },
    { field: 'website', value: 'acme', message: 'Please enter a valid website URL' },
    { field: 'website', value: 'acme .com', message: 'Please enter a valid website URL' },
    { field: 'website', value: 'ftp://acme.com', message: 'Please enter a valid website URL' },
    { field: 'website', value: 'javascript:alert(1)', message: 'Please enter a valid website URL' },
    { field: 'website', value: 'https://acme', message: 'Please enter a valid website URL' },
    { field: 'pointOfContact', value: '', message: 'Point of contact is required' },
    { field: 'country', value: '', message: 'Country is required' },
  ])('rejects $field = "$value" with "$message"', ({ field, value, message }) => {
    const result = createAccountSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(fieldMessages(result)).toEqual({ [field]: [message] });
  });

  it('takes a bare domain as a website and stores it with https:// (one rule on every form)', () => {
    const result = createAccountSchema.parse({ ...valid, website: ' acme.com ' });
    expect(result.website).toBe('https://acme.com');
    expect(businessSettingsSchema.parse({ ...business, website: 'acme.com/about' }).website).toBe(
      'https://acme.com/about',
    );
    expect(businessSettingsSchema.safeParse({ ...business, website: 'acme' }).success).toBe(false);
  });

  it('reports every required message for an empty form', () => {
    const result = createAccountSchema.safeParse({
      businessName: '',
      email: '',
      phone: '',
      website: '',
      pointOfContact: '',
      country: '',
    });
    expect(fieldMessages(result)).toEqual({
      businessName: ['Business name is required'],
      email: ['Please enter a valid email address'],
      pointOfContact: ['Point of contact is required'],
      country: ['Country is required'],
    });
  });

  it.each([
    { name: 'all fields', input: valid },
    { name: 'an empty website', input: { ...valid, website: '' } },
    { name: 'no website or phone', input: { ...valid, website: undefined, phone: undefined } },
    {
      name: 'an http website with a path',
      input: { ...valid, website: 'http://acme.com/about?x=1' },
    },
    { name: 'an empty phone', input: { ...valid, phone: '' } },
  ])('accepts $name', ({ input }) => {
    expect(createAccountSchema.safeParse(input).success).toBe(true);
  });

  it('trims every text field', () => {
    expect(
      createAccountSchema.parse({
        businessName: '  Acme  ',
        email: ' office@acme.com ',
        phone: ' +1 555 ',
        website: ' https://acme.com ',
        pointOfContact: ' Ada ',
        country: ' Ireland ',
        timezone: ' Europe/Dublin ',
      }),
    ).toEqual({
      businessName: 'Acme',
      email: 'office@acme.com',
      phone: '+1 555',
      website: 'https://acme.com',
      pointOfContact: 'Ada',
      country: 'Ireland',
      timezone: 'Europe/Dublin',
    });
  });

  it.each([
    [undefined, 'UTC'],
    ['America/New_York', 'America/New_York'],
  ])('takes the time zone %j as %j', (timezone, expected) => {
    const parsed = createAccountSchema.parse({
      businessName: 'Acme',
      email: 'office@acme.com',
      pointOfContact: 'Ada',
      country: 'Ireland',
      timezone,
    });
    expect(parsed.timezone).toBe(expected);
  });

  it('refuses a time zone that does not exist', () => {
    const result = createAccountSchema.safeParse({
      businessName: 'Acme',
      email: 'office@acme.com',
      pointOfContact: 'Ada',
      country: 'Ireland',
      timezone: 'Mars/Olympus_Mons',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please choose a valid time zone');
  });
});

describe('setPasswordSchema', () => {
  it.each([
    ['', 'Password is required'],
    ['1234567', 'Password must be at least 8 characters long'],
  ])('refuses %j with %j', (password, message) => {
    const result = setPasswordSchema.safeParse({ token: 't', password });
    expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it('accepts 8 characters and a token', () => {
    expect(setPasswordSchema.safeParse({ token: 't', password: '12345678' }).success).toBe(true);
    expect(setPasswordSchema.safeParse({ token: '', password: '12345678' }).success).toBe(false);
  });
});

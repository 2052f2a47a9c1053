import { describe, expect, it } from 'vitest';
import { withScheme } from './auth';
import {
  serviceEnquiryMessages,
  serviceEnquirySchema,
  toServiceEnquiryRequest,
} from './service-enquiries';

const base = { poc: 'Maya', businessName: 'Harbour', country: 'Ireland', website: 'a.example' };

describe('the service-enquiry request (seed: email and phone omitted when null or undefined)', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['blank', '  '],
  ])('leaves email and phone out when %s', (_label, value) => {
    const request = toServiceEnquiryRequest({ ...base, email: value, phone: value });
    expect(request).toEqual(base);
    expect('email' in request).toBe(false);
    expect('phone' in request).toBe(false);
  });

  it('keeps them when given', () => {
    expect(toServiceEnquiryRequest({ ...base, email: 'm@a.example', phone: '+353 1' })).toEqual({
      ...base,
      email: 'm@a.example',
      phone: '+353 1',
    });
  });
});

describe('serviceEnquirySchema', () => {
  it('adds https:// to a bare domain', () => {
    expect(withScheme('a.example')).toBe('https://a.example');
    expect(withScheme('http://a.example')).toBe('http://a.example');
    expect(serviceEnquirySchema.parse(base).website).toBe('https://a.example');
  });

  it('reads blank email and phone as not given', () => {
    const parsed = serviceEnquirySchema.parse({ ...base, email: '', phone: '' });
    expect(parsed.email).toBeUndefined();
    expect(parsed.phone).toBeUndefined();
  });

  it('gives every required field its message at once', () => {
    const result = serviceEnquirySchema.safeParse({
      poc: '',
      businessName: '',
      country: '',
      website: '',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      serviceEnquiryMessages.pocRequired,
      serviceEnquiryMessages.businessNameRequired,
      serviceEnquiryMessages.countryRequired,
      serviceEnquiryMessages.websiteRequired,
    ]);
  });
});

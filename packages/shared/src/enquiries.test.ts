import { describe, expect, it } from 'vitest';
import {
  enquiryInboxQuerySchema,
  enquiryReplyAddress,
  replyTokenOf,
  statusChangeText,
} from './enquiries';

const token = '0123456789abcdef0123456789abcdef';

describe('reply-to addresses', () => {
  it('builds the address from the token and the inbound domain, none without a domain', () => {
    expect(enquiryReplyAddress(token, 'in.example.com')).toBe(`reply+${token}@in.example.com`);
    expect(enquiryReplyAddress(token, undefined)).toBeNull();
  });

  it.each([
    [`reply+${token}@in.example.com`, 'in.example.com', token],
    [`"Bright Smile" <REPLY+${token.toUpperCase()}@IN.example.com>`, 'in.example.com', token],
    [`a@b.c, reply+${token}@in.example.com`, undefined, token],
    [`reply+${token}@other.example`, 'in.example.com', null],
    ['reply+short@in.example.com', 'in.example.com', null],
    ['someone@in.example.com', 'in.example.com', null],
  ])('reads the token in %s', (address, domain, expected) => {
    expect(replyTokenOf(address, domain)).toBe(expected);
  });
});

describe('status change text', () => {
  it('says who or what changed it, and why', () => {
    expect(statusChangeText({ cause: 'user', by: 'ann@x.example', reason: 'Fixed' })).toBe(
      'by ann@x.example: Fixed',
    );
    expect(statusChangeText({ cause: 'reply-sent', by: null, reason: '' })).toBe(
      'a reply was sent',
    );
    expect(statusChangeText({ cause: 'customer-replied', by: null, reason: '' })).toBe(
      'the customer replied',
    );
  });
});

describe('inbox query', () => {
  it('takes priority, search and the test filter', () => {
    const query = enquiryInboxQuerySchema.parse({ priority: 'urgent', q: ' leak ', test: 'only' });
    expect(query).toMatchObject({ priority: 'urgent', q: 'leak', test: 'only' });
    expect(enquiryInboxQuerySchema.parse({}).test).toBe('include');
    expect(enquiryInboxQuerySchema.safeParse({ priority: 'high' }).success).toBe(false);
  });
});

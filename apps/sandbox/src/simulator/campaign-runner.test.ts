import { describe, expect, it } from 'vitest';
import { campaignOutcome, fixedCampaignOutcome } from './campaign-runner';

describe('campaignOutcome', () => {
  const numbers = Array.from({ length: 4000 }, (_, i) => `+1312555${String(i).padStart(4, '0')}`);

  it('is fixed by the seed and the number', () => {
    expect(campaignOutcome(42, '+13125550001')).toEqual(campaignOutcome(42, '+13125550001'));
    const differs = numbers.some(
      (n) => campaignOutcome(42, n).endedReason !== campaignOutcome(7, n).endedReason,
    );
    expect(differs).toBe(true);
  });

  it('gives a realistic mix: about half answer, some book or leave an enquiry', () => {
    const share = (test: (o: ReturnType<typeof campaignOutcome>) => boolean) =>
      numbers.filter((n) => test(campaignOutcome(42, n))).length / numbers.length;
    expect(share((o) => o.endedReason === 'customer-ended-call')).toBeGreaterThan(0.5);
    expect(share((o) => o.endedReason === 'customer-ended-call')).toBeLessThan(0.62);
    expect(share((o) => o.endedReason === 'voicemail')).toBeGreaterThan(0.14);
    expect(share((o) => o.endedReason === 'customer-did-not-answer')).toBeGreaterThan(0.1);
    expect(share((o) => o.endedReason === 'twilio-failed-to-connect-call')).toBeGreaterThan(0.04);
    expect(share((o) => o.scenario === 'book_appointment')).toBeGreaterThan(0.18);
    expect(share((o) => o.scenario === 'create_enquiry')).toBeGreaterThan(0.08);
    // Only answered calls do anything.
    expect(
      numbers.every(
        (n) =>
          campaignOutcome(42, n).scenario === 'none' ||
          campaignOutcome(42, n).endedReason === 'customer-ended-call',
      ),
    ).toBe(true);
  });
});

describe('fixedCampaignOutcome (the sandbox’s rule on a number’s last three digits)', () => {
  it('gives the platform’s endedReason codes for no answer, busy and voicemail, whatever the seed', () => {
    for (const seed of [1, 42, 7]) {
      expect(campaignOutcome(seed, '+12125550990').endedReason).toBe('customer-did-not-answer');
      expect(campaignOutcome(seed, '+12125550991').endedReason).toBe('customer-busy');
      expect(campaignOutcome(seed, '+12125550992').endedReason).toBe('voicemail');
      expect(campaignOutcome(seed, '+12125550994')).toEqual({
        endedReason: 'customer-ended-call',
        scenario: 'book_appointment',
      });
    }
    // 993: no answer on the first call, answered and booked on the next.
    expect(fixedCampaignOutcome('+12125550993', 1)?.endedReason).toBe('customer-did-not-answer');
    expect(fixedCampaignOutcome('+12125550993', 2)).toEqual({
      endedReason: 'customer-ended-call',
      scenario: 'book_appointment',
    });
    expect(fixedCampaignOutcome('+12125550123', 1)).toBeUndefined();
  });
});

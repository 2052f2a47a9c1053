import { describe, expect, it } from 'vitest';
import { campaignOutcome } from './campaign-runner';

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

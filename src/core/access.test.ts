import { describe, expect, it } from 'vitest';
import { accessPrompt, canSeeChartAxis, canSeeSupportTickets, priceVisibility } from './access.ts';
import { ANONYMOUS } from '../contract/page-data.ts';

const free = { ...ANONYMOUS, userAuth: true, userId: 1 };
const paid = { ...free, userAccessLevel: 1077 };
const supportOnly = { ...free, userTariffs: [677] };

describe('SPEC §6 rules', () => {
  it('price visibility per level', () => {
    expect(priceVisibility(ANONYMOUS)).toBe('masked');
    expect(priceVisibility(free)).toBe('last-price');
    expect(priceVisibility(paid)).toBe('full');
    // A level without a session is not paid access.
    expect(priceVisibility({ ...ANONYMOUS, userAccessLevel: 1077 })).toBe('masked');
  });

  it('access prompts', () => {
    expect(accessPrompt(ANONYMOUS)).toBe('need_auth');
    expect(accessPrompt(free)).toBe('need_get_access');
    expect(accessPrompt(paid)).toBe('granted');
  });

  it('support tickets for 1077 or tariff 677 only', () => {
    expect(canSeeSupportTickets(ANONYMOUS)).toBe(false);
    expect(canSeeSupportTickets(free)).toBe(false);
    expect(canSeeSupportTickets(supportOnly)).toBe(true);
    expect(canSeeSupportTickets(paid)).toBe(true);
  });

  it('chart axis for signed-in users', () => {
    expect(canSeeChartAxis(ANONYMOUS)).toBe(false);
    expect(canSeeChartAxis(free)).toBe(true);
  });
});

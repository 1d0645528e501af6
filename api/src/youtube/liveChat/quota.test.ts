import { describe, expect, it } from 'vitest';
import { callSpacingMs, msUntilQuotaReset, pacificDay, QUOTA_UNITS } from './quota.ts';

describe('the YouTube quota budget', () => {
  it("spreads Google's default 10,000 units a day over the channels followed, never closer than YouTube asks", () => {
    const chat = { dailyUnits: 10_000, unitsPerCall: QUOTA_UNITS.liveChatMessagesList, floorMs: 2000 };
    // 5 units a poll: 2,000 polls a day for one channel, one every 43.2 s; two channels share them.
    expect(callSpacingMs({ ...chat, channels: 1 })).toBe(43_200);
    expect(callSpacingMs({ ...chat, channels: 2 })).toBe(86_400);
    expect(callSpacingMs({ ...chat, channels: 0 })).toBe(43_200);
    // A large quota leaves YouTube's pollingIntervalMillis in charge.
    expect(callSpacingMs({ ...chat, dailyUnits: 10_000_000, channels: 3 })).toBe(2000);
  });

  it('counts a call against the Pacific day, which resets at midnight Pacific time', () => {
    // 07:59 UTC on 28 Nov is 23:59 on 27 Nov in Los Angeles (PST, UTC−8); 08:00 UTC is the new day.
    expect(pacificDay(new Date('2026-11-28T07:59:00Z'))).toBe('2026-11-27');
    expect(pacificDay(new Date('2026-11-28T08:00:00Z'))).toBe('2026-11-28');
    expect(msUntilQuotaReset(new Date('2026-11-28T07:59:00Z'))).toBe(60_000);
    // In summer (PDT, UTC−7) the day turns at 07:00 UTC.
    expect(pacificDay(new Date('2026-07-01T06:59:59Z'))).toBe('2026-06-30');
    expect(pacificDay(new Date('2026-07-01T07:00:00Z'))).toBe('2026-07-01');
  });
});

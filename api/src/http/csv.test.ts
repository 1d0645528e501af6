import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { buildCreator, buildUser } from '../../test/factories.ts';

const app = await createTestApp();
const { db, config } = app.deps;

/** Every leading character OWASP lists as starting a formula: ASCII, fullwidth, tab and carriage return. */
const FORMULA_STARTS = ['=', '+', '-', '@', '＝', '＋', '－', '＠', '\t', '\r'];

/** The cells of a CSV file as a spreadsheet reads them (quoted cells; quotes doubled inside). */
function cells(csv: string): string[] {
  return [...csv.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));
}

describe('CSV downloads never hand a spreadsheet a formula', () => {
  const month = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 7);
  it.each([
    ['the tips export', '/api/creator/export.csv'],
    ['the payout statement', `/api/creator/payouts/statement.csv?month=${month}`],
  ])('%s shows names and messages that start like a formula as text', async (_, path) => {
    const creator = await buildCreator(db, config);
    for (const start of FORMULA_STARTS) {
      const viewer = await buildUser(db, config, { name: `${start}cmd|' /C calc'!A0`, balancePaise: 10_000 });
      const visible = start.trim() ? start : '';
      const sent = await app.request('POST', '/api/tips/send', {
        token: viewer.token,
        body: {
          amount: 10,
          message: `${visible}HYPERLINK("http://evil.example","hi")`,
          creator: creator.handle,
        },
      });
      expect(sent.status).toBe(200);
    }
    const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${creator.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="shabaash-.+\.csv"$/);
    const text = await res.text();
    const all = cells(text);
    // Each payer: shown as text (a statement trims the names, so the tab and CR ones start with "cmd").
    const payers = all.filter((c) => c.includes("cmd|' /C calc'!A0"));
    expect(payers).toHaveLength(FORMULA_STARTS.length);
    for (const start of FORMULA_STARTS.filter((c) => c.trim())) {
      expect(payers.filter((c) => c.startsWith(`'${start}cmd|`))).toHaveLength(1);
      expect(all).toContain(`'${start}HYPERLINK("http://evil.example","hi")`);
    }
    expect(all.filter((c) => /^[=+\-@\t\r＝＋－＠]/.test(c))).toEqual([]);
  });
});

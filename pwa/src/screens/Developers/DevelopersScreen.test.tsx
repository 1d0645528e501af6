// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import {
  BOT_SOCKET_EXAMPLE,
  endpoints,
  WEBHOOK_EVENTS,
  WEBHOOK_TIMESTAMP_HEADER,
  WEBHOOK_VERIFY_EXAMPLE,
  WS_CLOSE,
} from '@shabaash/shared';
import { DevelopersScreen } from './DevelopersScreen.tsx';
import { activateLanguage } from '../../i18n/i18n.tsx';
import hi from '../../i18n/messages/hi.json';

afterEach(async () => {
  cleanup();
  await activateLanguage('en');
});

/** The creators' API the page lists: every endpoint but the operator console's, its sign-in too (those are in the OpenAPI document). */
const CREATOR_API = Object.values(endpoints).filter(
  (def) => def.auth !== 'operator' && !def.path.startsWith('/ops/'),
);

describe('/developers', () => {
  it('lists every endpoint of the contract, every close code and webhook event, the Node signature check and the bot socket with its example client', () => {
    render(<DevelopersScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Build on Shabaash' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '/api/openapi.json' }).getAttribute('href')).toBe(
      '/api/openapi.json',
    );
    const table = screen.getByRole('region', { name: 'Endpoints' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((cell) => cell.textContent)
          .join(' '),
      );
    expect(rows.sort()).toEqual(CREATOR_API.map((def) => `${def.method} /api${def.path}`).sort());
    for (const code of Object.values(WS_CLOSE)) expect(screen.getByText(String(code))).toBeTruthy();
    for (const event of WEBHOOK_EVENTS) expect(screen.getAllByText(event).length).toBeGreaterThan(0);
    const example = screen.getByRole('region', { name: 'Signature verification in Node' });
    expect(example.textContent).toBe(WEBHOOK_VERIFY_EXAMPLE);
    // The signature covers a timestamp header, with the tolerance a receiver should allow.
    const webhooks = screen.getByRole('heading', { level: 2, name: 'Webhooks' }).parentElement!;
    expect(webhooks.textContent).toContain(`${WEBHOOK_TIMESTAMP_HEADER} is when the delivery was signed`);
    expect(webhooks.textContent).toContain('more than 5 minutes from your clock');
    expect(screen.getByRole('heading', { level: 2, name: 'Events socket for bots' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Bot hello' }).textContent).toContain('"token": "shb_…"');
    // The example client is the text botSocket.test.ts runs against the API.
    expect(screen.getByRole('region', { name: 'Example bot client' }).textContent).toBe(BOT_SOCKET_EXAMPLE);
  });

  it('in Hindi: the page follows the language; the generated reference stays English, marked lang="en"', async () => {
    await activateLanguage('hi');
    render(<DevelopersScreen />);
    expect(screen.getByRole('heading', { level: 1, name: hi['dev.title'] })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: hi['dev.http'] })).toBeTruthy();
    expect(screen.getByText(hi['dev.referenceInEnglish'])).toBeTruthy();
    const table = screen.getByRole('region', { name: hi['dev.endpoints'] });
    const summaries = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[3]!);
    expect(summaries.length).toBe(CREATOR_API.length);
    for (const cell of summaries)
      expect(cell.querySelector('[lang="en"]')?.textContent).toBe(cell.textContent);
    const closeCode = screen.getByText(String(WS_CLOSE.unauthorized)).closest('dl');
    expect(closeCode?.getAttribute('lang')).toBe('en');
    expect(
      screen.getByRole('region', { name: hi['dev.bots.exampleRegion'] }).querySelector('pre')?.lang,
    ).toBe('en');
  });
});

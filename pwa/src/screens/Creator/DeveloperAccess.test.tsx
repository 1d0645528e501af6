// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebhookDelivery, WebhookEndpoint } from '@shabaash/shared';
import { CREATOR, failWith, overrideHandlers, resolvers } from '@shabaash/mocks';
import { renderWithApp } from '../../test/renderApp.tsx';
import { ApiTokensSection } from './ApiTokensSection.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';
import { mockApiForFile, signInFixtureBeforeEach } from '../../test/server.ts';
import { activateLanguage } from '../../i18n/i18n.tsx';

const mock = mockApiForFile();
const { server, state } = mock;
const disabled: WebhookEndpoint = {
  id: 'w1',
  url: 'https://bot.example/hook',
  events: ['tip.live'],
  enabled: false,
  disabledReason:
    'Disabled after 25 failed deliveries in a row (last: HTTP 500). Fix the endpoint, then enable it again.',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const delivery: WebhookDelivery = {
  id: 'd1',
  eventId: 'evt_1',
  event: 'webhook.test',
  status: 'delivered',
  attempts: 1,
  lastStatusCode: 200,
  lastError: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  deliveredAt: '2026-11-20T10:00:01.000Z',
  nextAttemptAt: null,
};

signInFixtureBeforeEach(CREATOR);
afterEach(() => activateLanguage('en'));

/** The signed-in creator has this webhook endpoint, with these deliveries (newest first), in the mock state. */
function seedEndpoint(endpoint: WebhookEndpoint, deliveries: WebhookDelivery[] = []) {
  state.webhooks.push({ ...endpoint, creatorId: CREATOR.user.id, deliveries });
  return state.webhooks.at(-1)!;
}

describe('Creator Suite developer access', () => {
  it('makes a token with the chosen scopes, shows its secret once, and lists it with "Last used: Never"', async () => {
    let sent: unknown = null;
    let secretGiven = '';
    server.use(
      ...overrideHandlers(state, {
        createApiToken: async (ctx) => {
          sent = ctx.input;
          const answer = await resolvers.createApiToken(ctx);
          secretGiven = answer.secret;
          return answer;
        },
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<ApiTokensSection />);
    await screen.findByText('No API tokens yet.');
    await user.type(screen.getByLabelText('Token name'), 'Streamer.bot');
    await user.click(screen.getByRole('checkbox', { name: /tips:moderate/ }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const secret = await screen.findByLabelText('Your new API token');
    expect(secretGiven).not.toBe('');
    expect((secret as HTMLInputElement).value).toBe(secretGiven);
    expect(sent).toEqual({ name: 'Streamer.bot', scopes: ['tips:read', 'tips:moderate'] });
    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    expect(within(list).getByText('Last used: Never')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Your new API token')).toBeNull();
    expect(document.body.textContent).not.toContain(secretGiven);
  });

  it('shows the server refusal of an endpoint URL and keeps what was typed', async () => {
    server.use(
      ...overrideHandlers(state, {
        createWebhookEndpoint: failWith(
          'VALIDATION_FAILED',
          'That URL is not allowed: 10.0.0.7 is a private, link-local or reserved address.',
          'url',
        ),
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<WebhooksSection />);
    await screen.findByText('No endpoints yet.');
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://10.0.0.7/hook');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect((await screen.findByRole('alert')).textContent).toContain('That URL is not allowed');
    expect((screen.getByLabelText('Endpoint URL') as HTMLInputElement).value).toBe('https://10.0.0.7/hook');
  });

  it('tells the creator why an endpoint was disabled, and shows the delivery log with status codes', async () => {
    const seeded = seedEndpoint(disabled);
    const user = userEvent.setup();
    renderWithApp(<WebhooksSection />);
    expect(await screen.findByText(/Disabled after 25 failed deliveries in a row/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    const log = await screen.findByRole('region', { name: 'Delivery log' });
    const row = within(log).getAllByRole('row')[1]!;
    // The test event the API delivered (the mock delivers it at once, with a 200).
    const [sent] = seeded.deliveries;
    expect(row.textContent).toContain('webhook.test');
    expect(row.textContent).toContain('delivered');
    expect(row.textContent).toContain('HTTP 200');
    expect(
      within(row).getByRole('button', { name: `Re-send webhook.test ${sent?.eventId ?? 'none'}` }),
    ).toBeTruthy();
  });

  it('in Hindi: why the endpoint was disabled (count and last error kept), the delivery states, a refused URL', async () => {
    const failed: WebhookDelivery = {
      ...delivery,
      id: 'd2',
      status: 'failed',
      lastStatusCode: null,
      lastError: 'no address',
    };
    seedEndpoint(disabled, [delivery, failed]);
    await activateLanguage('hi');
    const user = userEvent.setup();
    renderWithApp(<WebhooksSection />);
    expect(
      await screen.findByText(
        'लगातार 25 डिलीवरी फ़ेल होने के बाद बंद कर दिया गया (आखिरी: HTTP 500)। endpoint ठीक करें, फिर इसे दोबारा चालू करें।',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Disabled after/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'डिलीवरी दिखाएँ' }));
    const rows = within(await screen.findByRole('region', { name: 'डिलीवरी लॉग' })).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('पहुँच गया');
    expect(rows[2]!.textContent).toContain('फ़ेल');
    expect(rows[2]!.textContent).not.toContain('failed');
    // The network's own words stay as they came, marked English for screen readers.
    expect(within(rows[2]!).getByText('no address').getAttribute('lang')).toBe('en');
  });

  it('shows a refused test event or re-send (too many a minute) under that endpoint, in English and Hindi', async () => {
    const limited = {
      message:
        'Too many test events and re-sends: at most 5 a minute to one endpoint and 20 to all of yours. Please wait a minute and try again.',
    };
    const enabled: WebhookEndpoint = { ...disabled, enabled: true, disabledReason: null };
    seedEndpoint(enabled, [delivery]);
    server.use(
      ...overrideHandlers(state, {
        sendTestWebhook: failWith('RATE_LIMITED', limited.message),
        resendWebhookDelivery: failWith('RATE_LIMITED', limited.message),
      }),
    );
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<WebhooksSection />);
    const list = await screen.findByRole('list', { name: 'Your webhook endpoints' });
    await user.click(within(list).getByRole('button', { name: 'Show deliveries' }));
    expect(within(list).queryByRole('alert')).toBeNull();
    await user.click(await within(list).findByRole('button', { name: 'Re-send webhook.test evt_1' }));
    expect((await within(list).findByRole('alert')).textContent).toBe(limited.message);
    await user.click(within(list).getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(within(list).getByRole('alert').textContent).toBe(limited.message));
    unmount();

    await activateLanguage('hi');
    renderWithApp(<WebhooksSection />);
    const hindi = await screen.findByRole('list', { name: 'आपके वेबहुक endpoint' });
    await user.click(within(hindi).getByRole('button', { name: 'टेस्ट इवेंट भेजें' }));
    expect((await within(hindi).findByRole('alert')).textContent).toBe(
      'बहुत ज़्यादा टेस्ट इवेंट और दोबारा भेजे गए इवेंट: एक endpoint पर एक मिनट में ज़्यादा से ज़्यादा 5, और आपके सभी endpoint पर कुल 20। एक मिनट रुककर फिर से कोशिश करें।',
    );
  });
});

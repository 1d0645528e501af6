// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultShowSettings } from '@shabaash/shared';
import { CREATOR, failWith, fixtureId, insertTip, overrideHandlers, resolvers } from '@shabaash/mocks';
import { renderWithApp } from '../../test/renderApp.tsx';
import { mockApiForFile, signInFixtureBeforeEach } from '../../test/server.ts';
import { setAppSocketFactory } from '../../realtime/appSocket.ts';
import { createRealtimeSocket } from '../../realtime/socket.ts';
import { fakeSocketFactory } from '../../test/fakeSocket.ts';
import { clearMirror } from '../../sync/db.ts';
import { ChatControlScreen } from './ChatControlScreen.tsx';

// The show in the Chat Loader: tier chips on rows, Skip reading and Send test alert.

const { server, state } = mockApiForFile();
signInFixtureBeforeEach(CREATOR);

beforeEach(async () => {
  await clearMirror();
  const fake = fakeSocketFactory();
  setAppSocketFactory((options) => createRealtimeSocket({ ...options, createSocket: fake.factory }));
});
afterEach(() => setAppSocketFactory(null));

/** The creator's show has two tiers (₹0+ and ₹250+) and their chats are tips of `rupees`, ids 1, 2… */
function serve(rupees: number[]) {
  const show = defaultShowSettings();
  show.tiers = [
    { minAmount: 0, color: '#111111', seconds: 5 },
    { minAmount: 250, color: '#fb8c00', seconds: 20 },
  ];
  const creator = state.creators.get(CREATOR.user.id)!;
  creator.overlay = { ...creator.overlay, show };
  state.tips.clear();
  return rupees.map(
    (amount, n) =>
      insertTip(state, {
        id: fixtureId('b', 0x900 + n),
        creatorId: CREATOR.user.id,
        sender: null,
        guestName: `Fan ${n}`,
        amountPaise: amount * 100,
        message: `hello from fan ${n}`,
      }).tip.id,
  );
}

/** Send test alert's inputs; the first is sent, the later ones refused as the API's rate limit does. */
function rateLimitTestAlerts() {
  const inputs: unknown[] = [];
  server.use(
    ...overrideHandlers(state, {
      sendTestAlert: (ctx) => {
        inputs.push(ctx.input);
        if (inputs.length > 1) failWith('RATE_LIMITED', 'Too many requests. Please try again later.')();
        return resolvers.sendTestAlert(ctx);
      },
    }),
  );
  return inputs;
}

describe('the show in the Chat Loader', () => {
  it('shows each row’s tier as a colour chip with text a screen reader reads', async () => {
    const [small, big] = serve([100, 300]);
    renderWithApp(<ChatControlScreen />, { path: '/creator/chat-control' });
    const row = async (id: string) =>
      (await screen.findAllByTestId('chat-row')).find((r) => r.dataset.chatId === id) as HTMLElement;
    const bigRow = await row(big!);
    await waitFor(() => expect(within(bigRow).getByTestId('tier-chip').textContent).toBe('Tier ₹250+'));
    expect(within(bigRow).getByTestId('tier-chip').dataset.tierColor).toBe('#fb8c00');
    const smallRow = await row(small!);
    expect(within(smallRow).getByTestId('tier-chip').textContent).toBe('Tier ₹0+');
  });

  it('Skip reading and Send test alert call the API and say what happened, refusals included', async () => {
    serve([]);
    const testAlerts = rateLimitTestAlerts();
    const user = userEvent.setup();
    renderWithApp(<ChatControlScreen />, { path: '/creator/chat-control' });
    await user.click(await screen.findByRole('button', { name: 'Skip reading' }));
    expect(await screen.findByText('Reading stopped on your overlays.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send test alert' }));
    expect(
      await screen.findByText('Test alert sent to your overlay. It is not saved anywhere.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send test alert' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again later.');
    expect(state.calls.get('skipSpeech')).toBe(1);
    expect(testAlerts).toEqual([{}, {}]);
  });
});

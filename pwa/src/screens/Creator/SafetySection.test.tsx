// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlockedSender } from '@shabaash/shared';
import { CREATOR, failWith, overrideHandlers, type MockCreator } from '@shabaash/mocks';
import { renderWithApp } from '../../test/renderApp.tsx';
import { SafetySection } from './SafetySection.tsx';
import { mockApiForFile, signInFixtureBeforeEach } from '../../test/server.ts';
import { recordInputs } from '../../test/mockCalls.ts';

const mock = mockApiForFile();
const { server, state } = mock;
/** The signed-in creator's row in the mock state (its safety settings and blocked senders). */
const creator = (): MockCreator => state.creators.get(CREATOR.user.id)!;

const blockedSender: BlockedSender = {
  id: '7f0c1a52-8a3c-4a8b-9a7e-1d2c3b4a5f60',
  userId: '3f0c1a52-8a3c-4a8b-9a7e-1d2c3b4a5f61',
  name: 'Troll Raju',
  phone: '98•••••210',
  createdAt: '2026-11-01T10:00:00.000Z',
};

signInFixtureBeforeEach(CREATOR);
beforeEach(() => {
  creator().safety.blockedTerms = ['spoiler'];
  creator().blocked = [blockedSender];
});

describe('Stream safety section', () => {
  it('edits blocked words, limits and review mode, and saves them with a success message', async () => {
    const bodies = recordInputs(mock, 'updateCreatorSafety');
    const user = userEvent.setup();
    renderWithApp(<SafetySection />);

    const builtin = (await screen.findByLabelText(
      'Use the built-in Hindi and English filter',
    )) as HTMLInputElement;
    expect(builtin.checked).toBe(true);
    const chips = screen.getByRole('list', { name: 'Your blocked words and phrases' });
    expect(within(chips).getByText('spoiler')).toBeTruthy();

    await user.type(screen.getByLabelText('Blocked words and phrases'), '  Bad   Word {Enter}');
    expect(within(chips).getByText('Bad Word')).toBeTruthy();
    await user.type(screen.getByLabelText('Blocked words and phrases'), 'bad word');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert').textContent).toBe('That word is already on your list.');
    await user.click(screen.getByRole('button', { name: 'Remove spoiler' }));
    expect(within(chips).queryByText('spoiler')).toBeNull();

    await user.click(builtin);
    const minTip = screen.getByLabelText('Minimum superchat (₹)');
    await user.clear(minTip);
    await user.type(minTip, '25');
    const maxLength = screen.getByLabelText('Maximum message length (characters)');
    await user.clear(maxLength);
    await user.type(maxLength, '120');
    expect((screen.getByLabelText('Queue every message for me to review') as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(screen.getByLabelText('Go live at once for trusted senders'));
    const autoLive = screen.getByLabelText('Trusted sender minimum (₹)');
    await user.clear(autoLive);
    await user.type(autoLive, '500');
    await user.click(screen.getByRole('button', { name: 'Save safety settings' }));

    expect(await screen.findByText('Safety settings saved')).toBeTruthy();
    expect(bodies).toEqual([
      {
        blockedTerms: ['Bad Word'],
        builtinEnabled: false,
        minTipAmount: 25,
        maxMessageLength: 120,
        reviewMode: 'auto_live_trusted',
        autoLiveMinAmount: 500,
      },
    ]);
  });

  it('refuses a minimum below ₹1 or a length above 280 without calling the server, and shows server errors', async () => {
    server.use(
      ...overrideHandlers(state, {
        updateCreatorSafety: failWith('INTERNAL', 'Something went wrong on our side.'),
      }),
    );
    const puts = () => state.calls.get('updateCreatorSafety') ?? 0;
    const user = userEvent.setup();
    renderWithApp(<SafetySection />);
    const minTip = await screen.findByLabelText('Minimum superchat (₹)');
    await user.clear(minTip);
    await user.type(minTip, '0.5');
    await user.click(screen.getByRole('button', { name: 'Save safety settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Minimum amount is ₹1.');

    await user.clear(minTip);
    await user.type(minTip, '10');
    const maxLength = screen.getByLabelText('Maximum message length (characters)');
    await user.clear(maxLength);
    await user.type(maxLength, '281');
    await user.click(screen.getByRole('button', { name: 'Save safety settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Maximum message length must be a whole number from 0 to 280.',
    );
    expect(puts()).toBe(0);

    await user.clear(maxLength);
    await user.type(maxLength, '200');
    await user.click(screen.getByRole('button', { name: 'Save safety settings' }));
    expect(await screen.findByText('Something went wrong on our side.')).toBeTruthy();
    expect(puts()).toBe(1);
    expect(screen.queryByText('Safety settings saved')).toBeNull();
  });

  it('lists blocked senders and unblocks one', async () => {
    const user = userEvent.setup();
    renderWithApp(<SafetySection />);
    const list = await screen.findByRole('list', { name: 'Blocked senders' });
    expect(within(list).getByText('Troll Raju')).toBeTruthy();
    expect(within(list).getByText(/98•••••210/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unblock Troll Raju' }));
    expect(await screen.findByText('Sender unblocked')).toBeTruthy();
    expect(creator().blocked).toEqual([]);
    expect(screen.queryByText('Troll Raju')).toBeNull();
    expect(screen.getByText('Nobody is blocked.')).toBeTruthy();
  });

  it('lists a blocked guest by the masked label of their payments, with Unblock', async () => {
    const guest: BlockedSender = {
      id: '7f0c1a52-8a3c-4a8b-9a7e-1d2c3b4a5f62',
      userId: null,
      name: null,
      phone: null,
      guestLabel: 'UPI tr•••@okaxis · ••••••3210',
      createdAt: '2026-11-02T10:00:00.000Z',
    };
    const browserOnly = { ...guest, id: '7f0c1a52-8a3c-4a8b-9a7e-1d2c3b4a5f63', guestLabel: '' };
    creator().blocked = [guest, browserOnly];
    renderWithApp(<SafetySection />);
    const list = await screen.findByRole('list', { name: 'Blocked senders' });
    expect(within(list).getByText('Guest · UPI tr•••@okaxis · ••••••3210')).toBeTruthy();
    expect(within(list).getByText('Guest (known by their browser only)')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Unblock Guest · UPI tr•••@okaxis · ••••••3210' }),
    ).toBeTruthy();
  });
});

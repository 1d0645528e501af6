// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { beforeEach, afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CLARIFICATION_FIELDS,
  CLARIFICATION_REASONS,
  fillMessage,
  PAYOUT_MESSAGES,
  payoutsSpace,
  PROVIDER_REASONS,
  STATUS_TEXTS,
  type PayoutSummary,
} from '@shabaash/shared';
import { CREATOR, emptyPayoutSummary, networkError, overrideHandlers, resolvers } from '@shabaash/mocks';
import { setAppSocketFactory } from '../../realtime/appSocket.ts';
import { createRealtimeSocket } from '../../realtime/socket.ts';
import { clearMirror } from '../../sync/db.ts';
import { reportApiReachable } from '../../sync/connectivity.ts';
import { pullNow } from '../../sync/pull.ts';
import { renderWithApp } from '../../test/renderApp.tsx';
import { fakeSocketFactory } from '../../test/fakeSocket.ts';
import { PayoutsScreen } from './PayoutsScreen.tsx';
import { mockApiForFile, signInFixtureBeforeEach } from '../../test/server.ts';
import { activateLanguage } from '../../i18n/i18n.tsx';

const { server, state } = mockApiForFile();
const creator = CREATOR.user;

function summary(overrides: Partial<PayoutSummary> = {}): PayoutSummary {
  return { ...emptyPayoutSummary(), version: 1, ...overrides };
}

/** The API answers GET /creator/payouts with this summary. */
function servePayouts(overrides: Partial<PayoutSummary>): void {
  state.payouts.set(creator.id, summary(overrides));
}

/** An account Razorpay sent back with these reasons to correct. */
const needsClarification = (reasons: string[]): PayoutSummary['onboarding'] => ({
  status: 'needs_clarification',
  reasons,
  legalName: 'Asha Verma',
  bankName: 'HDFC Bank',
  accountLast4: '9012',
});

signInFixtureBeforeEach(CREATOR);
let sockets = fakeSocketFactory();
beforeEach(async () => {
  await clearMirror();
  reportApiReachable(true);
  // The screen listens to the realtime socket (payout:update); a fake one stands in for it.
  sockets = fakeSocketFactory();
  setAppSocketFactory((options) => createRealtimeSocket({ ...options, createSocket: sockets.factory }));
});
afterEach(async () => {
  cleanup();
  await activateLanguage('en');
  await pullNow().catch(() => undefined);
  setAppSocketFactory(null);
});

const FORM: Record<string, string> = {
  'Legal name (as on PAN)': 'Asha Verma',
  Email: 'asha@example.com',
  Phone: '9876543210',
  PAN: 'ABCPV1234K',
  Address: '12 MG Road',
  City: 'Bengaluru',
  State: 'Karnataka',
  'PIN code': '560001',
  'Bank account number': '123456789012',
  'Confirm account number': '123456789012',
  IFSC: 'HDFC1234567',
  'Account holder name': 'Asha Verma',
};

describe('Payouts screen', () => {
  it('shows a clear message for a wrong IFSC and calls nothing; a valid form is sent and shows the review status', async () => {
    const posted: unknown[] = [];
    servePayouts({});
    server.use(
      ...overrideHandlers(state, {
        // Razorpay reviews the account before activating it.
        payoutOnboard: (ctx) => {
          posted.push(ctx.input);
          const activated = resolvers.payoutOnboard(ctx) as PayoutSummary;
          return { ...activated, onboarding: { ...activated.onboarding!, status: 'under_review' } };
        },
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<PayoutsScreen />);
    for (const [label, value] of Object.entries(FORM))
      await user.type(await screen.findByLabelText(label), value);
    await user.click(screen.getByRole('button', { name: 'Set up payouts' }));
    expect(await screen.findByText(PAYOUT_MESSAGES.ifsc)).toBeTruthy();
    expect(screen.getByLabelText('IFSC').getAttribute('aria-invalid')).toBe('true');
    expect(posted).toHaveLength(0);

    await user.clear(screen.getByLabelText('IFSC'));
    await user.type(screen.getByLabelText('IFSC'), 'hdfc0001234');
    await user.click(screen.getByRole('button', { name: 'Set up payouts' }));
    expect((await screen.findByTestId('payout-status')).textContent).toContain('Under review by Razorpay');
    expect(posted).toHaveLength(1);
    expect(screen.getByText(/HDFC Bank ••9012/)).toBeTruthy();
  });

  it('shows the balances, plan, reasons to correct and the history with UTRs', async () => {
    servePayouts({
      onboarding: needsClarification(['Account holder name does not match the name on your PAN.']),
      balances: {
        pendingPaise: 12_345,
        availablePaise: 500,
        inTransitPaise: 0,
        paidPaise: 97_100,
        reversedPaise: 0,
        debtPaise: 0,
        feesPaise: 0,
        earnedPaise: 0,
      },
      transfers: [
        {
          id: 't1',
          amountPaise: 97_100,
          status: 'processed',
          razorpayTransferId: 'trf_1',
          utr: '123456789012',
          failureReason: null,
          createdAt: '2026-11-20T05:00:00.000Z',
        },
      ],
    });
    renderWithApp(<PayoutsScreen />);
    expect((await screen.findByTestId('balance-pending')).textContent).toBe('₹123.45');
    expect(screen.getByTestId('balance-paid').textContent).toBe('₹971.00');
    expect(screen.getByText('Account holder name does not match the name on your PAN.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send corrections' })).toBeTruthy();
    expect(screen.getByTestId('payout-utr').textContent).toBe('123456789012');
    expect(screen.getByText(/Starter — daily/)).toBeTruthy();
  });

  it('says neutrally that payouts are on hold, in English and Hindi, and only while they are', async () => {
    servePayouts({ payoutsOnHold: true });
    renderWithApp(<PayoutsScreen />);
    expect((await screen.findByTestId('payouts-on-hold')).textContent).toBe(
      'Your payouts are on hold. Your earnings are safe and keep adding up; payouts resume once the hold is lifted. Contact support if you have questions.',
    );
    cleanup();
    await act(() => activateLanguage('hi'));
    renderWithApp(<PayoutsScreen />);
    expect((await screen.findByTestId('payouts-on-hold')).textContent).toContain('आपके भुगतान अभी रोके गए हैं');
    cleanup();
    await act(() => activateLanguage('en'));
    servePayouts({ payoutsOnHold: false });
    renderWithApp(<PayoutsScreen />);
    await screen.findByTestId('balance-pending');
    expect(screen.queryByTestId('payouts-on-hold')).toBeNull();
  });

  it('applies a payout:update push at once, ignores an older one, and stays readable offline from the mirror', async () => {
    const active = {
      status: 'activated' as const,
      reasons: [],
      legalName: 'Asha Verma',
      bankName: 'HDFC Bank',
      accountLast4: '9012',
    };
    servePayouts({ onboarding: active });
    renderWithApp(<PayoutsScreen />);
    expect((await screen.findByTestId('balance-pending')).textContent).toBe('₹0.00');
    await waitFor(() => expect(sockets.sockets.length).toBe(1));
    const socket = sockets.last();
    act(() => {
      socket.open();
      socket.push({
        type: 'welcome',
        rooms: [`payouts:${creator.id}`],
        versions: { [payoutsSpace(creator.id)]: 1 },
      });
    });
    const balances = { ...summary().balances, paidPaise: 9710 };
    const transfer = {
      id: 't1',
      amountPaise: 9710,
      status: 'processed' as const,
      razorpayTransferId: 'trf_1',
      utr: '998877665544',
      failureReason: null,
      createdAt: '2026-11-25T05:00:00.000Z',
    };
    const pushed = summary({ onboarding: active, balances, transfers: [transfer], version: 5 });
    act(() =>
      socket.push({ type: 'payout:update', space: payoutsSpace(creator.id), version: 5, data: pushed }),
    );
    await waitFor(() => expect(screen.getByTestId('balance-paid').textContent).toBe('₹97.10'));
    expect(screen.getByTestId('payout-utr').textContent).toBe('998877665544');
    // An older summary (a late answer) never replaces a newer one.
    const stale = summary({ onboarding: active, version: 3 });
    act(() =>
      socket.push({ type: 'payout:update', space: payoutsSpace(creator.id), version: 3, data: stale }),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('balance-paid').textContent).toBe('₹97.10');

    // Offline: the server is unreachable, and the screen opened again shows the saved summary.
    cleanup();
    server.use(networkError('payouts'));
    reportApiReachable(false);
    renderWithApp(<PayoutsScreen />);
    expect((await screen.findByTestId('balance-paid')).textContent).toBe('₹97.10');
    expect((await screen.findByTestId('payouts-offline')).textContent).toContain("You're offline");
    expect(screen.getByTestId('payout-utr').textContent).toBe('998877665544');
  });

  it('in Hindi: what Razorpay asks for and why a transfer failed, its own unknown words marked English', async () => {
    const transfer = {
      amountPaise: 50_000,
      status: 'failed' as const,
      razorpayTransferId: null,
      utr: null,
      createdAt: '2026-11-20T05:00:00.000Z',
    };
    servePayouts({
      // As the API composes them (payouts.webhooks.ts clarificationReasons).
      onboarding: needsClarification([
        fillMessage(CLARIFICATION_REASONS.document_name_mismatch!, {
          field: CLARIFICATION_FIELDS['settlements.beneficiary_name']!,
        }),
        fillMessage(STATUS_TEXTS.clarifyOther, { field: 'kyc.gstin', code: 'gst_pending' }),
      ]),
      transfers: [
        { ...transfer, id: 't1', failureReason: PROVIDER_REASONS.bankDown },
        { ...transfer, id: 't2', failureReason: STATUS_TEXTS.transferFailed },
        { ...transfer, id: 't3', failureReason: 'NPCI switch timeout' },
      ],
    });
    await activateLanguage('hi');
    renderWithApp(<PayoutsScreen />);
    expect(await screen.findByText('अकाउंट होल्डर का नाम आपके PAN पर लिखे नाम से मेल नहीं खाता।')).toBeTruthy();
    expect(screen.getByText('kyc.gstin को ठीक करना है (gst_pending)।')).toBeTruthy();
    const rows = screen.getAllByTestId('payout-row').map((row) => row.textContent);
    expect(rows[0]).toContain('पैसे पाने वाले का बैंक अभी काम नहीं कर रहा। थोड़ी देर बाद ट्रांसफ़र फिर से करें।');
    expect(rows[1]).toContain('ट्रांसफ़र नहीं हो पाया।');
    expect(screen.getByText('NPCI switch timeout').getAttribute('lang')).toBe('en');
    expect(screen.queryByText(/does not match|Beneficiary bank/)).toBeNull();
  });
});

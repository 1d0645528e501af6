// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { PAYOUT_MESSAGES, type PayoutSummary } from '@shabaash/shared';
import { buildUser, renderWithApp } from '../../test/renderApp.tsx';
import { PayoutsScreen } from './PayoutsScreen.tsx';
import { mswServerForFile, signInBeforeEach } from '../../test/server.ts';

const server = mswServerForFile();
const creator = buildUser({ role: 'creator', creator: { handle: 'asha', displayName: 'Asha Live' } });
const zero = { pendingPaise: 0, availablePaise: 0, inTransitPaise: 0, paidPaise: 0 };

function summary(overrides: Partial<PayoutSummary> = {}): PayoutSummary {
  return {
    routeEnabled: true,
    onboarding: null,
    balances: { ...zero, reversedPaise: 0, debtPaise: 0, feesPaise: 0, earnedPaise: 0 },
    plan: 'starter',
    nextPayoutAt: null,
    transfers: [],
    reversals: [],
    version: 1,
    ...overrides,
  };
}

signInBeforeEach(server, creator);

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
    server.use(
      http.get('*/api/creator/payouts', () => HttpResponse.json(summary())),
      http.post('*/api/creator/payouts/onboarding', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(
          summary({
            onboarding: {
              status: 'under_review',
              reasons: [],
              legalName: 'Asha Verma',
              bankName: 'HDFC Bank',
              accountLast4: '9012',
            },
          }),
        );
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
    server.use(
      http.get('*/api/creator/payouts', () =>
        HttpResponse.json(
          summary({
            onboarding: {
              status: 'needs_clarification',
              reasons: ['Account holder name does not match the name on your PAN.'],
              legalName: 'Asha Verma',
              bankName: 'HDFC Bank',
              accountLast4: '9012',
            },
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
          }),
        ),
      ),
    );
    renderWithApp(<PayoutsScreen />);
    expect((await screen.findByTestId('balance-pending')).textContent).toBe('₹123.45');
    expect(screen.getByTestId('balance-paid').textContent).toBe('₹971.00');
    expect(screen.getByText('Account holder name does not match the name on your PAN.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send corrections' })).toBeTruthy();
    expect(screen.getByTestId('payout-utr').textContent).toBe('123456789012');
    expect(screen.getByText(/Starter — daily/)).toBeTruthy();
  });
});

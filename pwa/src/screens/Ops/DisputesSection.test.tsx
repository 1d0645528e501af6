// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MESSAGES, type DisputeCase } from '@shabaash/shared';
import { failWith, overrideHandlers } from '@shabaash/mocks';
import { renderWithApp } from '../../test/renderApp.tsx';
import { mockApiForFile, signInOperatorBeforeEach } from '../../test/server.ts';
import { activateLanguage } from '../../i18n/i18n.tsx';
import { DisputesSection } from './DisputesSection.tsx';

const mock = mockApiForFile();
const { server, state } = mock;
signInOperatorBeforeEach(mock);
afterEach(() => activateLanguage('en'));

function dispute(overrides: Partial<DisputeCase> = {}): DisputeCase {
  return {
    id: '5b0f9d6e-0000-4000-8000-000000000001',
    razorpayDisputeId: 'disp_Esz7KAitoYM7PJ',
    paymentId: 'pay_EsyWjHrfzb59eR',
    amountPaise: 10_000,
    currency: 'INR',
    amountDeductedPaise: 0,
    reasonCode: 'chargeback',
    reasonDescription: null,
    phase: 'chargeback',
    status: 'open',
    outcome: null,
    // 30 Nov 2026, 18:30 UTC = 1 Dec 2026, 12:00 am IST.
    respondBy: '2099-11-30T18:30:00.000Z',
    openedAt: '2026-11-27T06:00:00.000Z',
    decidedAt: null,
    hold: { state: 'route_held', heldPaise: 9710, note: null },
    tip: {
      id: 'tip-1',
      amountPaise: 10_000,
      senderName: 'Ravi',
      message: '<img src=x onerror=alert(1)>',
      createdAt: '2026-11-26T06:00:00.000Z',
    },
    creator: { id: 'c1', handle: 'asha', displayName: 'Asha Live' },
    earning: { state: 'paid', netPaise: 9710 },
    transfer: { razorpayTransferId: 'trf_1', status: 'processed', settled: false },
    ...overrides,
  };
}

function serveDisputes(disputes: DisputeCase[] | 'error') {
  server.use(
    ...overrideHandlers(state, {
      opsDisputes:
        disputes === 'error'
          ? failWith('INTERNAL', MESSAGES.internal)
          : () => ({ disputes, openCount: disputes.filter((d) => !d.outcome).length }),
    }),
  );
}

describe('Disputes section', () => {
  it('shows an open case with its evidence deadline in IST, the held earning and the tip (its text as text)', async () => {
    serveDisputes([dispute()]);
    renderWithApp(<DisputesSection />);
    const deadline = await screen.findByTestId('dispute-deadline');
    expect(deadline.textContent).toBe('Respond by 1 Dec 2099, 12:00 am IST');
    const card = screen.getByRole('listitem', { name: /₹100\.00 · @asha/ });
    expect(within(card).getByText('Open')).toBeTruthy();
    expect(within(card).getByTestId('dispute-hold').textContent).toBe('Transfer held at Razorpay (₹97.10)');
    expect(within(card).getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(card.querySelector('img')).toBeNull();
    expect(screen.getByText('Open cases: 1')).toBeTruthy();
  });

  it('marks a passed deadline and shows a decided case without one', async () => {
    serveDisputes([
      dispute({ respondBy: '2020-01-01T00:00:00.000Z' }),
      dispute({
        id: '5b0f9d6e-0000-4000-8000-000000000002',
        status: 'lost',
        outcome: 'lost',
        decidedAt: '2026-11-27T08:00:00.000Z',
        hold: { state: 'reversed', heldPaise: 9710, note: null },
        creator: { id: 'c2', handle: 'ravi', displayName: 'Ravi' },
      }),
    ]);
    renderWithApp(<DisputesSection />);
    expect((await screen.findByTestId('dispute-deadline')).textContent).toContain('deadline passed');
    const decided = screen.getByRole('listitem', { name: /@ravi/ });
    expect(within(decided).queryByTestId('dispute-deadline')).toBeNull();
    expect(within(decided).getByTestId('dispute-hold').textContent).toBe("Creator's share reversed");
  });

  it('says when there is nothing, and offers a retry when loading failed', async () => {
    serveDisputes('error');
    const { unmount } = renderWithApp(<DisputesSection />);
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    unmount();
    serveDisputes([]);
    renderWithApp(<DisputesSection />);
    expect(await screen.findByText(/No disputes\./)).toBeTruthy();
  });

  it('reads in Hindi', async () => {
    await activateLanguage('hi');
    serveDisputes([dispute()]);
    renderWithApp(<DisputesSection />);
    expect((await screen.findByTestId('dispute-deadline')).textContent).toContain('IST तक जवाब दें');
    expect(screen.getByRole('heading', { name: 'विवाद' })).toBeTruthy();
  });
});

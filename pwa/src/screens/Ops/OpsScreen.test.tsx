// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { AuditEntry, OpsTipDetail } from '@shabaash/shared';
import { CREATOR, VIEWER, grantOperator, overrideHandlers } from '@shabaash/mocks';
import { renderWithApp, storeSession } from '../../test/renderApp.tsx';
import { mockApiForFile } from '../../test/server.ts';
import { activateLanguage } from '../../i18n/i18n.tsx';
import hi from '../../i18n/messages/hi.json';
import { OpsScreen } from './OpsScreen.tsx';

const { server, state } = mockApiForFile();
/** Signs the fixture viewer in as an operator. */
const signInOperator = () => storeSession(grantOperator(state, VIEWER.user.id), VIEWER.token);

afterEach(async () => {
  await activateLanguage('en');
});

const renderOps = (path: string) =>
  renderWithApp(
    <Routes>
      <Route path="/ops/*" element={<OpsScreen />} />
    </Routes>,
    { path },
  );

const TIP: OpsTipDetail = {
  id: '11111111-1111-4111-8111-111111111111',
  source: 'guest',
  amountPaise: 10_000,
  feePaise: 500,
  createdAt: '2026-11-27T10:00:00.000Z',
  creator: { id: 'c_1', handle: 'asha', displayName: 'Asha Live' },
  sender: { kind: 'guest', name: 'Ravi', phone: null },
  status: 'paid',
  paymentId: 'pay_Sim123',
  orderId: 'order_Sim123',
  refundedPaise: 0,
  refundablePaise: 10_000,
  refunds: [],
  earning: { state: 'pending', netPaise: 9_500, reversedPaise: 0, keptPaise: 9_500 },
};

describe('/ops shell', () => {
  it('sends someone signed out to the operator sign-in (phone, password, then the OTP step)', async () => {
    renderOps('/ops/find');
    expect(await screen.findByRole('heading', { level: 1, name: 'Operator sign-in' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/ops/login');
    expect(screen.getByLabelText('Phone number')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeTruthy();
  });

  it('tells a signed-in viewer this area is for operators instead of showing the console', async () => {
    storeSession(VIEWER.user, VIEWER.token);
    renderOps('/ops/find');
    expect(await screen.findByRole('heading', { name: 'This area is for operators' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Console sections' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to my account' }).getAttribute('href')).toBe('/dashboard');
  });

  it('an operator lands on Find with the sections as navigation; Audit lists rows filtered by record', async () => {
    signInOperator();
    const entry: AuditEntry = {
      id: '7',
      operatorId: 'op_1',
      operatorName: 'Nisha Ops',
      action: 'tip.refund',
      targetKind: 'tip',
      targetId: TIP.id,
      before: { refundedPaise: 0 },
      after: { refundedPaise: 5000 },
      reason: 'paid twice',
      createdAt: '2026-11-27T10:05:00.000Z',
    };
    const asked: unknown[] = [];
    server.use(
      ...overrideHandlers(state, {
        opsAudit: ({ query }) => {
          asked.push(query);
          return { entries: [entry], next: null };
        },
      }),
    );
    renderOps('/ops');
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Find',
      'Money',
      'Reconciliation',
      'Disputes',
      'Payouts',
      'People',
      'Reports',
      'Leads',
      'Audit',
    ]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ops/find'));
    await userEvent.click(within(nav).getByRole('link', { name: 'Audit' }));
    const log = await screen.findByRole('list', { name: 'Audit log' });
    expect(within(log).getByText('tip.refund')).toBeTruthy();
    expect(within(log).getByText('Why: paid twice')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Record kind'), 'tip');
    await userEvent.type(screen.getByLabelText('Record id'), TIP.id);
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByRole('button', { name: 'Show all' });
    expect(asked.at(-1)).toMatchObject({ targetKind: 'tip', targetId: TIP.id });
  });

  it('finds a tip by payment id, refunds half with a reason (one Idempotency-Key) and shows the new earning', async () => {
    signInOperator();
    const refunds: Array<{ body: unknown; key: string | undefined }> = [];
    let current = TIP;
    server.use(
      ...overrideHandlers(state, {
        opsSearch: () => ({
          users: [],
          tips: [
            {
              id: TIP.id,
              source: 'guest',
              amountPaise: 10_000,
              creatorHandle: 'asha',
              senderName: 'Ravi',
              paymentId: 'pay_Sim123',
              orderId: 'order_Sim123',
              createdAt: TIP.createdAt,
            },
          ],
        }),
        opsTip: () => ({ tip: current }),
        opsRefundTip: ({ input, idempotencyKey }) => {
          refunds.push({ body: input, key: idempotencyKey });
          const refund = {
            id: 'r_1',
            amountPaise: 5000,
            status: 'processed' as const,
            refundId: 'rfnd_1',
            reason: input.reason,
            createdAt: TIP.createdAt,
          };
          current = {
            ...TIP,
            status: 'partly_refunded',
            refundedPaise: 5000,
            refundablePaise: 5000,
            refunds: [refund],
            earning: { state: 'pending', netPaise: 9_500, reversedPaise: 4_750, keptPaise: 4_750 },
          };
          return { tip: current, refund };
        },
      }),
    );
    renderOps('/ops/find');
    await userEvent.type(await screen.findByLabelText('Search'), 'pay_Sim123');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    await userEvent.click(await screen.findByRole('link', { name: '₹100.00 to @asha' }));
    expect(await screen.findByText('Guest: Ravi')).toBeTruthy();
    expect(screen.getByTestId('ops-earning-kept').textContent).toBe('₹95.00');
    await userEvent.click(screen.getByRole('button', { name: 'Half' }));
    expect((screen.getByLabelText(/Amount to refund/) as HTMLInputElement).value).toBe('50');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    // The shared schema refuses a missing reason before anything is sent.
    expect((await screen.findByRole('alert')).textContent).toBe('Give a reason of at least 5 characters.');
    await userEvent.type(screen.getByLabelText(/Reason/), 'paid twice by mistake');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded ₹50.00.')).toBeTruthy();
    expect(screen.getByTestId('ops-earning-kept').textContent).toBe('₹47.50');
    expect(screen.getByTestId('ops-tip-status').textContent).toBe('Partly refunded');
    expect(refunds.map((r) => r.body)).toEqual([{ amount: 50, reason: 'paid twice by mistake' }]);
    expect(refunds[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('in Hindi: a signed-in creator is told in Hindi that the area is for operators', async () => {
    await activateLanguage('hi');
    storeSession(CREATOR.user, CREATOR.token);
    renderOps('/ops');
    expect(await screen.findByRole('heading', { name: hi['ops.notOperator.title'] })).toBeTruthy();
    expect(screen.getByRole('link', { name: hi['ops.notOperator.back'] }).getAttribute('href')).toBe(
      '/creator',
    );
  });
});

// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type Reconciliation, type ReconDifference, type ReconRun } from '@shabaash/shared';
import { failWith, overrideHandlers } from '@shabaash/mocks';
import { renderWithApp } from '../../test/renderApp.tsx';
import { mockApiForFile, signInOperatorBeforeEach } from '../../test/server.ts';
import { ReconciliationSection } from './ReconciliationSection.tsx';

const mock = mockApiForFile();
const { server, state } = mock;
signInOperatorBeforeEach(mock);

const run = (overrides: Partial<ReconRun> = {}): ReconRun => ({
  id: '7',
  day: '2026-11-29',
  trigger: 'job',
  status: 'done',
  compared: { payment: 120, refund: 3, transfer: 40, settlement: 40 },
  found: 1,
  resolved: 0,
  error: null,
  startedAt: '2026-11-30T00:30:00.000Z',
  finishedAt: '2026-11-30T00:30:04.000Z',
  ...overrides,
});

const dropped: ReconDifference = {
  id: '3f0c1a52-9a4e-4d0e-8f39-0d1c6c1f2a11',
  day: '2026-11-29',
  kind: 'missing_at_razorpay',
  entity: 'payment',
  entityId: 'pay_Dropped0000001',
  ledger: { id: 'pay_Dropped0000001', amount_paise: 25_000, applied: 'credited' },
  razorpay: null,
  firstSeenAt: '2026-11-30T00:30:04.000Z',
  lastSeenAt: '2026-11-30T00:30:04.000Z',
  resolvedAt: null,
  resolvedBy: null,
  resolutionNote: null,
};

/** The API's page: these open differences and runs; answers what was asked of it. */
function servePage(page: Reconciliation) {
  const calls: Array<{ path: string; body: unknown }> = [];
  server.use(
    ...overrideHandlers(state, {
      opsReconciliation: () => page,
      opsReconciliationRun: ({ input }) => {
        calls.push({ path: 'run', body: input });
        return { run: run({ id: '8', trigger: 'operator', found: 0, resolved: 1 }) };
      },
      opsReconciliationResolve: ({ input, params }) => {
        calls.push({ path: `resolve ${params.id}`, body: input });
        return { difference: { ...dropped, resolvedAt: '2026-11-30T01:00:00.000Z', resolvedBy: 'u_1' } };
      },
    }),
  );
  return calls;
}

describe('the reconciliation section', () => {
  it('lists an open difference with both sides’ records and the runs with what they compared', async () => {
    servePage({ runs: [run()], open: [dropped], openCount: 1 });
    renderWithApp(<ReconciliationSection />);
    const item = await screen.findByTestId('ops-recon-difference');
    expect(within(item).getByRole('heading', { level: 3 }).textContent).toBe(
      'Missing at Razorpay · Payment pay_Dropped0000001',
    );
    expect(within(item).getByLabelText('Our ledger').textContent).toContain('"amount_paise": 25000');
    expect(within(item).getByText('No record.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Open differences (1)' })).toBeTruthy();
    const runs = screen.getByRole('table', { name: 'Runs' });
    expect(within(runs).getByTestId('ops-recon-run').textContent).toContain(
      '120 payments, 3 refunds, 40 transfers, 40 settlements',
    );
    expect(within(runs).getByTestId('ops-recon-run').textContent).toContain('Daily job');
  });

  it('runs a day now and says what the run found', async () => {
    const calls = servePage({ runs: [], open: [], openCount: 0 });
    const user = userEvent.setup();
    renderWithApp(<ReconciliationSection />);
    expect(await screen.findByText('No open differences. The ledger agrees with Razorpay.')).toBeTruthy();
    expect(screen.getByText('No run yet.')).toBeTruthy();
    await user.type(screen.getByLabelText('Day (IST; yesterday if empty)'), '2026-11-29');
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    expect((await screen.findByRole('status', { name: '' })).textContent).toBe(
      'Run finished: 0 differences, 1 resolved.',
    );
    expect(calls).toEqual([{ path: 'run', body: { day: '2026-11-29' } }]);
  });

  it('marks a difference resolved only with a reason', async () => {
    const calls = servePage({ runs: [run()], open: [dropped], openCount: 1 });
    const user = userEvent.setup();
    renderWithApp(<ReconciliationSection />);
    await user.click(await screen.findByRole('button', { name: 'Mark resolved' }));
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Give a reason of at least 5 characters.');
    expect(screen.getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    await user.type(screen.getByLabelText('Reason'), 'Captured late; Razorpay lists it now');
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await vi.waitFor(() =>
      expect(calls).toEqual([
        { path: `resolve ${dropped.id}`, body: { reason: 'Captured late; Razorpay lists it now' } },
      ]),
    );
  });

  it('offers a retry when the page fails to load', async () => {
    server.use(...overrideHandlers(state, { opsReconciliation: failWith('INTERNAL', MESSAGES.internal) }));
    renderWithApp(<ReconciliationSection />);
    expect((await screen.findByRole('alert')).textContent).toBe('The reconciliation could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

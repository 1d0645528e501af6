// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type OpsPayouts } from '@shabaash/shared';
import { failWith, overrideHandlers } from '@shabaash/mocks';
import { renderWithApp } from '../../test/renderApp.tsx';
import { mockApiForFile, signInOperatorBeforeEach } from '../../test/server.ts';
import { PayoutsSection } from './PayoutsSection.tsx';

const mock = mockApiForFile();
const { server, state } = mock;
signInOperatorBeforeEach(mock);

const asha = { id: '11111111-1111-4111-8111-111111111111', handle: 'asha', displayName: 'Asha Live' };
const ravi = { id: '22222222-2222-4222-8222-222222222222', handle: 'ravi', displayName: 'Ravi Plays' };

function view(overrides: Partial<OpsPayouts> = {}): OpsPayouts {
  return {
    transfers: [
      {
        id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
        creator: asha,
        amountPaise: 9710,
        kind: 'payment',
        state: 'failed',
        reason: 'Beneficiary bank is down. Retry the transfer after some time.',
        razorpayTransferId: 'trf_1',
        createdAt: '2026-11-27T06:00:00.000Z',
        retryable: true,
        retryTransferId: null,
        disputeId: null,
      },
    ],
    heldCreators: [
      {
        creator: ravi,
        heldAt: '2026-11-26T06:00:00.000Z',
        reason: 'KYC under review',
        availablePaise: 50_000,
      },
    ],
    ...overrides,
  };
}

describe('Payouts section', () => {
  it('retries a failed transfer once from its card', async () => {
    let retries = 0;
    server.use(
      ...overrideHandlers(state, {
        opsPayouts: () => view(),
        opsTransferRetry: ({ params }) => {
          retries += 1;
          return {
            transferId: params.id!,
            retryTransferId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
            status: 'in_transit',
            amountPaise: 9710,
          };
        },
      }),
    );
    renderWithApp(<PayoutsSection />);
    const card = await screen.findByRole('listitem', { name: /₹97\.10 · @asha/ });
    expect(within(card).getByText('Failed')).toBeTruthy();
    expect(
      within(card).getByText('Beneficiary bank is down. Retry the transfer after some time.'),
    ).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByText('Retry sent.')).toBeTruthy();
    expect((within(card).getByRole('button', { name: 'Retry' }) as HTMLButtonElement).disabled).toBe(true);
    expect(retries).toBe(1);
  });

  it('releases a held creator only with a reason, and holds another by id with one', async () => {
    const sent: Array<{ path: string; body: unknown }> = [];
    /** Hold or release: records what was sent and answers the creator's new hold. */
    const answer =
      (action: 'hold' | 'release') =>
      ({ input, params }: { input: { reason: string }; params: Record<string, string> }) => {
        sent.push({ path: `${params.id}/${action}`, body: input });
        const held = action === 'hold';
        return {
          creatorId: params.id!,
          held,
          heldAt: held ? '2026-11-27T07:00:00.000Z' : null,
          reason: held ? 'Chargebacks piling up' : null,
        };
      };
    server.use(
      ...overrideHandlers(state, {
        opsPayouts: () => view(),
        opsPayoutsHold: answer('hold'),
        opsPayoutsRelease: answer('release'),
      }),
    );
    renderWithApp(<PayoutsSection />);
    const card = await screen.findByRole('listitem', { name: /@ravi/ });
    expect(within(card).getByText('KYC under review')).toBeTruthy();
    expect(within(card).getByText('₹500.00')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Release payouts' }));
    expect(within(card).getByRole('alert').textContent).toBe('Give a reason of at least 5 characters.');
    expect(sent).toHaveLength(0);
    await userEvent.type(within(card).getByLabelText('Reason (required)'), 'Documents verified');
    await userEvent.click(within(card).getByRole('button', { name: 'Release payouts' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ path: `${ravi.id}/release`, body: { reason: 'Documents verified' } });

    const holdForm = screen.getByRole('heading', { name: "Hold a creator's payouts" })
      .parentElement as HTMLElement;
    const creatorId = within(holdForm).getByLabelText('Creator id');
    await userEvent.type(creatorId, asha.id);
    const reasons = within(holdForm).getAllByLabelText('Reason (required)');
    await userEvent.type(reasons.at(-1) as HTMLElement, 'Chargebacks piling up');
    await userEvent.click(within(holdForm).getByRole('button', { name: 'Hold payouts' }));
    expect(await screen.findByText('Payouts are on hold.')).toBeTruthy();
    expect(sent[1]).toEqual({ path: `${asha.id}/hold`, body: { reason: 'Chargebacks piling up' } });
  });

  it('says when nothing needs attention, and shows an error it could not load', async () => {
    server.use(...overrideHandlers(state, { opsPayouts: () => view({ transfers: [], heldCreators: [] }) }));
    const { unmount } = renderWithApp(<PayoutsSection />);
    expect(await screen.findByText('No failed or held transfers.')).toBeTruthy();
    expect(screen.getByText("No creator's payouts are on hold.")).toBeTruthy();
    unmount();
    server.use(...overrideHandlers(state, { opsPayouts: failWith('FORBIDDEN', MESSAGES.forbiddenOperator) }));
    renderWithApp(<PayoutsSection />);
    expect((await screen.findByRole('alert')).textContent).toBe('Only operators can do this.');
  });
});

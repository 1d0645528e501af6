// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type OpsReport } from '@shabaash/shared';
import { failWith, overrideHandlers } from '@shabaash/mocks';
import { renderWithApp } from '../../test/renderApp.tsx';
import { mockApiForFile, signInOperatorBeforeEach } from '../../test/server.ts';
import { ReportsSection } from './ReportsSection.tsx';

const mock = mockApiForFile();
const { server, state } = mock;
signInOperatorBeforeEach(mock);

const OPEN: OpsReport = {
  id: 'r1',
  kind: 'tip',
  reason: 'abuse',
  details: 'Slur on stream',
  status: 'open',
  resolution: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  closedAt: null,
  reporter: { id: 'c1', name: 'Asha Live' },
  reported: { id: 'u9', name: 'Troll Raj', handle: null, maskedPhone: '••••••4321' },
  tip: {
    id: 't1',
    message: '<b>you are terrible</b>',
    amountPaise: 25_000,
    guestName: null,
    creatorHandle: 'asha',
  },
};

describe('ReportsSection', () => {
  it('shows an open report with its context (text safe, phone masked) and closes it with a note', async () => {
    let closed = false;
    const notes: unknown[] = [];
    server.use(
      ...overrideHandlers(state, {
        opsReports: () => ({ reports: closed ? [] : [OPEN] }),
        opsCloseReport: ({ input, params }) => {
          notes.push({ id: params.id, ...input });
          closed = true;
          return { report: { ...OPEN, status: 'closed', resolution: 'Viewer banned' } };
        },
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<ReportsSection />);
    const card = await screen.findByRole('region', { name: 'Tip · Abuse or harassment' });
    expect(within(card).getByText('Troll Raj · ••••••4321')).toBeDefined();
    expect(within(card).getByText('<b>you are terrible</b>')).toBeDefined(); // shown as text, never as markup
    expect(within(card).getByText('Slur on stream')).toBeDefined();
    expect(within(card).getByText('Asha Live')).toBeDefined();
    expect(card.textContent).toContain('₹250.00');

    await user.type(within(card).getByLabelText('What was done (required)'), 'Viewer banned');
    await user.click(within(card).getByRole('button', { name: 'Close report' }));
    await waitFor(() => expect(screen.getByText('No reports to look at.')).toBeDefined());
    expect(notes).toEqual([{ id: 'r1', resolution: 'Viewer banned' }]);
  });

  it('shows loading, then an error the server gave', async () => {
    server.use(...overrideHandlers(state, { opsReports: failWith('FORBIDDEN', MESSAGES.forbiddenOperator) }));
    renderWithApp(<ReportsSection />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect((await screen.findByRole('alert')).textContent).toBe('Only operators can do this.');
  });
});

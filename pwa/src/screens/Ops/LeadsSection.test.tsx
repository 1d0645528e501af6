// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpsLead } from '@shabaash/shared';
import { overrideHandlers } from '@shabaash/mocks';
import { renderWithApp } from '../../test/renderApp.tsx';
import { mockApiForFile, signInOperatorBeforeEach } from '../../test/server.ts';
import { LeadsSection } from './LeadsSection.tsx';

const mock = mockApiForFile();
const { server, state } = mock;
signInOperatorBeforeEach(mock);

const LEAD: OpsLead = {
  id: 'l1',
  name: 'Priya Creator',
  email: 'priya@example.com',
  maskedPhone: '••••••0002',
  tags: ['creator'],
  createdAt: '2026-11-26T09:00:00.000Z',
  contactedAt: null,
};

describe('LeadsSection', () => {
  it('shows masked numbers, reveals one only with a reason, and marks it contacted', async () => {
    let contacted = false;
    const reveals: unknown[] = [];
    server.use(
      ...overrideHandlers(state, {
        opsLeads: () => ({
          leads: [{ ...LEAD, contactedAt: contacted ? '2026-11-27T09:00:00.000Z' : null }],
        }),
        opsRevealLead: ({ input, params }) => {
          reveals.push({ id: params.id, ...input });
          return { phone: '9876500002' };
        },
        opsLeadContacted: ({ params }) => {
          contacted = params.id === LEAD.id;
          return { lead: { ...LEAD, contactedAt: '2026-11-27T09:00:00.000Z' } };
        },
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<LeadsSection />);
    const card = await screen.findByRole('region', { name: 'Priya Creator' });
    expect(within(card).getByText('••••••0002')).toBeDefined();
    expect(card.textContent).not.toContain('9876500002');

    await user.click(within(card).getByRole('button', { name: 'Show number to call' }));
    await user.click(within(card).getByRole('button', { name: 'Show number' }));
    expect(reveals).toEqual([]); // no reason, nothing sent
    await user.type(within(card).getByLabelText(/Why you need the number/), 'Calling back about onboarding');
    await user.click(within(card).getByRole('button', { name: 'Show number' }));
    expect((await within(card).findByTestId('lead-phone')).getAttribute('href')).toBe('tel:+919876500002');
    expect(reveals).toEqual([{ id: 'l1', reason: 'Calling back about onboarding' }]);

    await user.click(within(card).getByRole('button', { name: 'Mark as contacted' }));
    await waitFor(() => expect(screen.getByTestId('lead-contacted')).toBeDefined());
  });

  it('says when there are no leads', async () => {
    server.use(...overrideHandlers(state, { opsLeads: () => ({ leads: [] }) }));
    renderWithApp(<LeadsSection />);
    expect(await screen.findByText('No leads here.')).toBeDefined();
  });
});

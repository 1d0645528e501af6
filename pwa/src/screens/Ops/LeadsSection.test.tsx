// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { OpsLead } from '@shabaash/shared';
import { buildUser, renderWithApp } from '../../test/renderApp.tsx';
import { mswServerForFile, signInBeforeEach } from '../../test/server.ts';
import { LeadsSection } from './LeadsSection.tsx';

const server = mswServerForFile();
signInBeforeEach(server, buildUser({ id: 'op1', role: 'operator' }));

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
      http.get('*/api/ops/leads', () =>
        HttpResponse.json({
          leads: [{ ...LEAD, contactedAt: contacted ? '2026-11-27T09:00:00.000Z' : null }],
        }),
      ),
      http.post('*/api/ops/leads/l1/reveal', async ({ request }) => {
        reveals.push(await request.json());
        return HttpResponse.json({ phone: '9876500002' });
      }),
      http.post('*/api/ops/leads/l1/contacted', () => {
        contacted = true;
        return HttpResponse.json({ lead: { ...LEAD, contactedAt: '2026-11-27T09:00:00.000Z' } });
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
    expect(reveals).toEqual([{ reason: 'Calling back about onboarding' }]);

    await user.click(within(card).getByRole('button', { name: 'Mark as contacted' }));
    await waitFor(() => expect(screen.getByTestId('lead-contacted')).toBeDefined());
  });

  it('says when there are no leads', async () => {
    server.use(http.get('*/api/ops/leads', () => HttpResponse.json({ leads: [] })));
    renderWithApp(<LeadsSection />);
    expect(await screen.findByText('No leads here.')).toBeDefined();
  });
});

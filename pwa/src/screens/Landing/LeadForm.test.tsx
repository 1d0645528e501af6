// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay } from 'msw';
import { MESSAGES } from '@shabaash/shared';
import { failWith, networkError, overrideHandlers, resolvers } from '@shabaash/mocks';
import { LeadForm } from './LeadForm.tsx';
import { renderWithApp } from '../../test/renderApp.tsx';
import { mockApiForFile } from '../../test/server.ts';

const { server, state } = mockApiForFile();

describe('LeadForm', () => {
  it('rejects a phone that is not exactly 10 digits (after stripping) and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithApp(<LeadForm />);
    await user.type(screen.getByLabelText('Mobile number'), '98765 4321');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Enter a valid 10-digit mobile number.',
    );
    // +91 and the number strips to 12 digits: also not exactly 10
    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), '+919876543210');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid 10-digit mobile number.');
    expect(state.leads).toHaveLength(0);
  });

  it('limits the phone input to 14 characters and uses an email input', () => {
    renderWithApp(<LeadForm />);
    expect(screen.getByLabelText('Mobile number').getAttribute('maxlength')).toBe('14');
    expect(screen.getByLabelText(/Email/).getAttribute('type')).toBe('email');
  });

  it('shows Sending… then the success text, posting digits, trimmed fields and the fixed tags', async () => {
    server.use(
      ...overrideHandlers(state, {
        createLead: async (ctx) => {
          await delay(50);
          return resolvers.createLead(ctx);
        },
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<LeadForm />);
    await user.type(screen.getByLabelText(/Name/), '  Riya  ');
    await user.type(screen.getByLabelText('Mobile number'), '98765-43210');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending).toHaveProperty('disabled', true);
    expect(await screen.findByText('Thanks! We will text you when new creator drops go live.')).toBeTruthy();
    expect(state.leads).toEqual([{ name: 'Riya', phone: '9876543210', tags: ['landing', 'newsletter'] }]);
  });

  it("shows the server's message when the API refuses the lead", async () => {
    server.use(
      ...overrideHandlers(state, { createLead: failWith('RATE_LIMITED', MESSAGES.tooManyAttempts) }),
    );
    const user = userEvent.setup();
    renderWithApp(<LeadForm />);
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a minute and try again.',
    );
    expect(screen.getByRole('button', { name: 'Notify me' })).toHaveProperty('disabled', false);
  });

  it('falls back to the error message when the network fails', async () => {
    server.use(networkError('createLead'));
    const user = userEvent.setup();
    renderWithApp(<LeadForm />);
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toBe('');
    expect(alert.textContent).not.toBe('Thanks! We will text you when new creator drops go live.');
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MESSAGES } from '@shabaash/shared';
import { failWith, overrideHandlers } from '@shabaash/mocks';
import { RegisterScreen } from '../../screens/Register/RegisterScreen.tsx';
import { ForgotPasswordScreen } from '../../screens/ForgotPassword/ForgotPasswordScreen.tsx';
import { renderWithApp } from '../../test/renderApp.tsx';
import { mockApiForFile } from '../../test/server.ts';

// No request may leave a form whose input is refused: any call but the config's fails the test.
const { server, state } = mockApiForFile();
const calls: string[] = [];
beforeAll(() => {
  server.events.on('request:start', ({ request }) => calls.push(request.url));
});
// The config does not load (no Firebase settings): the forms check their input all the same.
beforeEach(() => server.use(...overrideHandlers(state, { config: failWith('INTERNAL', MESSAGES.internal) })));
afterEach(() => {
  calls.length = 0;
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
async function submitAndRead(button: string): Promise<string> {
  fireEvent.click(screen.getByRole('button', { name: button }));
  return (await screen.findByRole('alert')).textContent ?? '';
}

describe('OTP forms refuse bad input before any code is sent, with the first problem in field order', () => {
  it('/register: name, then phone, then password length; the typed details stay', async () => {
    renderWithApp(<RegisterScreen />, { path: '/register' });
    expect(await submitAndRead('Send OTP')).toBe('Name is required.');
    fill('Full name', 'Meera Iyer');
    fill('Phone number', '12345');
    fill('Password', 'abc');
    expect(await submitAndRead('Send OTP')).toBe(MESSAGES.invalidPhone);
    fill('Phone number', '+91 98765-43210');
    expect(await submitAndRead('Send OTP')).toMatch(/^Password must be at least \d+ characters\.$/);
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Meera Iyer');
    expect(screen.getByText('Step 1 of 2')).toBeTruthy();
    expect(calls.filter((url) => !url.endsWith('/api/config'))).toEqual([]);
  });

  it('/forgot-password: a bad phone is refused before any code is sent', async () => {
    renderWithApp(<ForgotPasswordScreen />, { path: '/forgot-password' });
    fill('Registered phone number', '98765');
    expect(await submitAndRead('Send OTP')).toBe(MESSAGES.invalidPhone);
    expect(calls.filter((url) => !url.endsWith('/api/config'))).toEqual([]);
  });
});

// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { MESSAGES } from '@shabaash/shared';
import { RegisterScreen } from '../../screens/Register/RegisterScreen.tsx';
import { ForgotPasswordScreen } from '../../screens/ForgotPassword/ForgotPasswordScreen.tsx';
import { renderWithApp } from '../../test/renderApp.tsx';

// No request may leave a form whose input is refused: any call fails the test.
const server = setupServer();
const calls: string[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => calls.push(request.url));
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
async function submitAndRead(button: string): Promise<string> {
  fireEvent.click(screen.getByRole('button', { name: button }));
  return (await screen.findByRole('alert')).textContent ?? '';
}

describe('OTP forms refuse bad input before any code is sent, with the first problem in field order', () => {
  it('/register: name, then phone, then password length; the typed details stay', async () => {
    server.use(http.get('*/api/config', () => HttpResponse.json({}, { status: 500 })));
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
    server.use(http.get('*/api/config', () => HttpResponse.json({}, { status: 500 })));
    renderWithApp(<ForgotPasswordScreen />, { path: '/forgot-password' });
    fill('Registered phone number', '98765');
    expect(await submitAndRead('Send OTP')).toBe(MESSAGES.invalidPhone);
    expect(calls.filter((url) => !url.endsWith('/api/config'))).toEqual([]);
  });
});

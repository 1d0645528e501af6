// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { activateLanguage } from './i18n.tsx';
import { browserLanguage, initialLanguage } from './language.ts';
import { errorText } from './errors.ts';
import { ApiError } from '../api/client.ts';
import { MESSAGES } from '@shabaash/shared';

afterEach(async () => {
  cleanup();
  localStorage.clear();
  document.cookie = 'shabaash.lang=; max-age=0; path=/';
  await activateLanguage('en');
});

describe('LanguageSwitch', () => {
  it('switches every text to Hindi, stores the choice and sets <html lang>', async () => {
    const user = userEvent.setup();
    render(
      <>
        <LanguageSwitch />
        <PageLoading />
      </>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    document.title = 'Shabaash — Rupee superchats for Indian live streamers';
    expect(screen.getByRole('link', { name: 'English' }).getAttribute('aria-current')).toBe('true');
    // Before hydration the option is a plain link the server answers in that language.
    expect(screen.getByRole('link', { name: 'हिंदी' }).getAttribute('href')).toBe('?lang=hi');
    await user.click(screen.getByRole('link', { name: 'हिंदी' }));
    await screen.findByText('लोड हो रहा है...');
    expect(document.documentElement.lang).toBe('hi');
    expect(document.title).toBe('Shabaash — भारतीय लाइव स्ट्रीमर्स के लिए रुपयों में सुपरचैट');
    expect(localStorage.getItem('shabaash.lang')).toBe('hi');
    expect(document.cookie).toContain('shabaash.lang=hi');
    expect(screen.getByRole('navigation', { name: 'भाषा' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'हिंदी' }).getAttribute('aria-current')).toBe('true');
    await user.click(screen.getByRole('link', { name: 'English' }));
    await screen.findByText('Loading...');
    expect(document.documentElement.lang).toBe('en-IN');
  });

  it('follows the browser on a first visit, then the stored choice, and ?lang= over both', () => {
    expect(browserLanguage(['hi-IN', 'en-GB'])).toBe('hi');
    expect(browserLanguage(['fr-FR', 'en-US', 'hi'])).toBe('en');
    expect(browserLanguage(['ta-IN'])).toBe('en');
    localStorage.setItem('shabaash.lang', 'hi');
    expect(initialLanguage('')).toBe('hi');
    expect(initialLanguage('?c=demo&lang=en')).toBe('en');
    expect(localStorage.getItem('shabaash.lang')).toBe('en');
  });
});

describe('errorText', () => {
  it('shows the server text in English and the catalogue text of its message or code in Hindi', async () => {
    const insufficient = new ApiError(MESSAGES.insufficientBalance, 'PAYMENT_REQUIRED', 402);
    const limited = new ApiError('Slow down, please.', 'RATE_LIMITED', 429);
    const unknown = new ApiError('Handle must be 3-30 characters.', 'VALIDATION_FAILED', 400);
    expect(errorText(insufficient)).toBe(MESSAGES.insufficientBalance);
    expect(errorText(limited)).toBe('Slow down, please.');
    await activateLanguage('hi');
    expect(errorText(insufficient)).toBe('wallet में बैलेंस कम है। यह टिप भेजने के लिए पैसे जोड़ें।');
    expect(errorText(limited)).toBe('बहुत ज़्यादा कोशिशें हो गईं। एक मिनट रुककर फिर से कोशिश करें।');
    expect(errorText(unknown)).toBe('Handle must be 3-30 characters.');
  });
});

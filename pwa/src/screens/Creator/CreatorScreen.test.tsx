// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { Analytics } from '@shabaash/shared';
import { SECOND_CREATOR, networkError, overrideHandlers } from '@shabaash/mocks';
import { renderWithApp } from '../../test/renderApp.tsx';
import { CreatorScreen } from './CreatorScreen.tsx';
import { OverlayStudioScreen } from '../OverlayStudio/OverlayStudioScreen.tsx';
import { mockApiForFile, signInFixtureBeforeEach } from '../../test/server.ts';
import { recordInputs } from '../../test/mockCalls.ts';
import { activateLanguage } from '../../i18n/i18n.tsx';
import { WEBHOOK_EVENT_MEANINGS } from '@shabaash/shared/webhookProtocol';

const mock = mockApiForFile();
const { server, state } = mock;
// A creator with no tips yet; the safety, API token, webhook and YouTube sections (their own test files) load
// alongside from the mock state: nothing set up, no channel connected.
const creator = SECOND_CREATOR;
signInFixtureBeforeEach(creator);
/** The creator's overlay link, with the overlay key the API gives. */
const overlayLink = () =>
  `${window.location.origin}/overlay?key=${state.creators.get(creator.user.id)?.overlayKey ?? ''}&display=1`;

/** The creator's totals, as GET /creator/analytics answers them (output-checked). */
function serveAnalytics(totals: Analytics) {
  server.use(...overrideHandlers(state, { analytics: () => totals }));
}

beforeEach(() => {
  serveAnalytics({
    totalEarnings: 123456.5,
    totalSuccessfulTopUps: 7,
    totalTipsAmount: 130000,
    totalTipsCount: 42,
    youtube: { count: 0, countedPaise: 0 },
  });
});
afterEach(async () => {
  vi.useRealTimers();
  await activateLanguage('en');
});

describe('Creator suite', () => {
  it('shows analytics in en-IN rupees, the empty support text and the overlay link', async () => {
    renderWithApp(<CreatorScreen />);
    expect(await screen.findByText('₹1,23,456.50')).toBeTruthy();
    expect(screen.getByText('₹1,30,000.00')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(
      await screen.findByText('No tips yet. Share your overlay link to start receiving support.'),
    ).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Overlay link' }) as HTMLInputElement).value).toBe(
      overlayLink(),
    );
  });

  it('shows YouTube Super Chats apart from Shabaash money, with what they counted for', async () => {
    serveAnalytics({
      totalEarnings: 500,
      totalSuccessfulTopUps: 0,
      totalTipsAmount: 500,
      totalTipsCount: 2,
      youtube: { count: 3, countedPaise: 84_500 },
    });
    renderWithApp(<CreatorScreen />);
    expect((await screen.findByTestId('stat-youtube')).textContent).toBe('3 · ₹845.00 counted');
    expect(screen.getAllByText('₹500.00')).toHaveLength(2);
  });

  it('reads in Hindi: titles, sections, the empty text and Indian-grouped money', async () => {
    await activateLanguage('hi');
    renderWithApp(<CreatorScreen />);
    expect(await screen.findByText('₹1,23,456.50')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'क्रिएटर सुइट' })).toBeTruthy();
    expect(screen.getByText('कुल कमाई')).toBeTruthy();
    expect(
      await screen.findByText('अभी तक कोई टिप नहीं। सपोर्ट पाना शुरू करने के लिए अपना overlay लिंक शेयर करें।'),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'overlay लिंक' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'स्ट्रीम सेफ़्टी' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'API टोकन' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'वेबहुक' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'सेटिंग्स सेव करें' })).toBeTruthy();
    expect(screen.queryByText('Overlay settings')).toBeNull();
  });

  it('words each webhook event as the shared protocol does, in English', async () => {
    renderWithApp(<CreatorScreen />);
    for (const meaning of Object.values(WEBHOOK_EVENT_MEANINGS)) {
      expect(await screen.findByText(meaning)).toBeTruthy();
    }
  });

  it('saves overlay settings, or shows Failed to save settings', async () => {
    const bodies = recordInputs(mock, 'saveSettings');
    const user = userEvent.setup();
    renderWithApp(<CreatorScreen />);
    const hex = await screen.findByLabelText('Accent colour hex');
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save settings' }).hasAttribute('disabled')).toBe(false),
    );
    await user.clear(hex);
    await user.type(hex, '#123abc');
    await user.selectOptions(screen.getByLabelText('Theme'), 'neon');
    await user.selectOptions(screen.getByLabelText('Font'), 'Inter');
    await user.selectOptions(screen.getByLabelText('Sound'), 'chime');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Overlay settings saved')).toBeTruthy();
    expect(bodies).toEqual([{ overlayTheme: 'neon', font: 'Inter', color: '#123abc', sound: 'chime' }]);

    server.use(networkError('saveSettings'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save settings');
  });

  it('copies the overlay link, with the studio fallback text when copying fails', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<CreatorScreen />);
    await screen.findByRole('textbox', { name: 'Overlay link' });
    await user.click(screen.getByRole('button', { name: 'Copy overlay link' }));
    expect(writeText).toHaveBeenCalledWith(overlayLink());
    expect(await screen.findByText('Overlay link copied')).toBeTruthy();
    writeText.mockRejectedValueOnce(new Error('no'));
    await user.click(screen.getByRole('button', { name: 'Copy overlay link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to copy overlay link. Copy it manually from the overlay studio.',
    );
  });
});

describe('Overlay Studio', () => {
  it('shows the checklist, the link, Copy Link → Copied! for 2 s, and a 320 px live preview of display=1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The preview iframe loads the bare overlay page (an HTML page, not an endpoint of the API).
    server.use(
      http.get(
        '*/overlay',
        () =>
          new HttpResponse('<!doctype html><title>overlay</title>', {
            headers: { 'Content-Type': 'text/html' },
          }),
      ),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<OverlayStudioScreen />, { path: '/overlay?key=abc123' });
    expect(screen.getByRole('heading', { name: 'Overlay Studio' })).toBeTruthy();
    const open = screen.getByRole('link', { name: 'Open Standalone Overlay' });
    expect(open.getAttribute('href')).toBe(`${window.location.origin}/overlay?key=abc123&display=1`);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(screen.getByText(/recommended 1920x1080/)).toBeTruthy();
    expect(screen.getByText(/browser source/)).toBeTruthy();
    expect(screen.getByText(/Keep the overlay page open/)).toBeTruthy();
    expect(screen.getByText(/Tweak fonts, colours and sounds in the creator suite/)).toBeTruthy();
    const frame = screen.getByTitle('Overlay preview');
    expect(frame.getAttribute('src')).toBe(`${window.location.origin}/overlay?key=abc123&display=1`);
    expect((frame.parentElement as HTMLElement).style.height).toBe('320px');
    expect(screen.getByRole('heading', { name: 'Live Preview' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/overlay?key=abc123&display=1`);
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeTruthy();
  });
});

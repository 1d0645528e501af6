// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { STATUS_TEXTS, type YouTubeLive, type YouTubeSettings, type YouTubeStatus } from '@shabaash/shared';
import { buildUser, renderWithApp } from '../../test/renderApp.tsx';
import { mswServerForFile, signInBeforeEach } from '../../test/server.ts';
import { fakeAppSocketForFile } from '../../test/fakeSocket.ts';
import { activateLanguage } from '../../i18n/i18n.tsx';
import { YouTubeSection } from './YouTubeSection.tsx';
import { YouTubeCallbackScreen } from './YouTubeCallbackScreen.tsx';

const server = mswServerForFile();
// The card follows the live-chat follower's `youtube:live` messages; a fake socket stands in for the server's.
const socket = fakeAppSocketForFile();
signInBeforeEach(
  server,
  buildUser({ role: 'creator', creator: { handle: 'asha', displayName: 'Asha Live' } }),
);
const CHANNEL = { id: 'UCasha', title: 'Asha Plays', connectedAt: '2026-11-28T05:00:00.000Z' };
const IDLE: YouTubeLive = {
  state: 'idle',
  broadcastTitle: null,
  message: null,
  quota: { dailyUnits: 10_000, usedUnits: 0, pollEveryMs: 0 },
  updatedAt: '2026-11-28T05:00:00.000Z',
};
const INR_ONLY: YouTubeSettings = { countMode: 'inrOnly', rates: {} };

/** The status the API answers: a connected channel has a follower state (idle unless given). */
function statusOf(
  channel: typeof CHANNEL | null,
  { live = IDLE, settings = INR_ONLY }: { live?: YouTubeLive; settings?: YouTubeSettings } = {},
): YouTubeStatus {
  return { available: true, channel, live: channel ? live : null, settings };
}

afterEach(async () => {
  vi.restoreAllMocks();
  await activateLanguage('en');
});

describe('YouTube card', () => {
  it('Connect YouTube opens the consent URL the API gives', async () => {
    const consent = 'http://127.0.0.1:1/o/oauth2/v2/auth?state=abc';
    server.use(
      http.get('*/api/creator/youtube', () => HttpResponse.json(statusOf(null))),
      http.post('*/api/creator/youtube/connect', () => HttpResponse.json({ url: consent })),
    );
    // The page leaves for Google: the navigation itself is not followed here.
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderWithApp(<YouTubeSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Connect YouTube' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(consent));
  });

  it('shows the connected channel, and Disconnect brings Connect back', async () => {
    let channel: typeof CHANNEL | null = CHANNEL;
    server.use(
      http.get('*/api/creator/youtube', () => HttpResponse.json(statusOf(channel))),
      http.delete('*/api/creator/youtube', () => {
        channel = null;
        return HttpResponse.json(statusOf(null));
      }),
    );
    renderWithApp(<YouTubeSection />);
    expect(await screen.findByText('Connected: Asha Plays')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect YouTube' }));
    expect(
      await screen.findByText('YouTube disconnected. Shabaash can no longer read your channel.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect YouTube' })).toBeTruthy();
    expect(screen.queryByText('Connected: Asha Plays')).toBeNull();
  });

  it('says what the follower is doing and its polling budget, and why Super Chats cannot arrive', async () => {
    let live: YouTubeLive = {
      ...IDLE,
      state: 'following',
      broadcastTitle: 'Ranked grind #12',
      quota: { dailyUnits: 10_000, usedUnits: 1_240, pollEveryMs: 6_000 },
    };
    server.use(http.get('*/api/creator/youtube', () => HttpResponse.json(statusOf(CHANNEL, { live }))));
    renderWithApp(<YouTubeSection />);
    expect(await screen.findByText('Following the live chat of “Ranked grind #12”.')).toBeTruthy();
    expect(screen.getByTestId('youtube-quota').textContent).toBe(
      'Checks every 6 s · 1,240 of 10,000 quota units used today',
    );
    expect(screen.queryByText(STATUS_TEXTS.youtubeQuotaExhausted)).toBeNull();

    // The follower runs out of quota: the server says so on the creator's socket.
    live = { ...live, state: 'quotaExhausted', message: STATUS_TEXTS.youtubeQuotaExhausted };
    await act(async () => {
      socket().last().open();
      socket().last().push({ type: 'youtube:live', data: live });
    });
    expect(await screen.findByText("Paused: YouTube's daily limit is used up.")).toBeTruthy();
    expect(screen.getByText(STATUS_TEXTS.youtubeQuotaExhausted)).toBeTruthy();
  });

  it('reads in Hindi', async () => {
    await activateLanguage('hi');
    server.use(http.get('*/api/creator/youtube', () => HttpResponse.json(statusOf(null))));
    renderWithApp(<YouTubeSection />);
    expect(await screen.findByRole('button', { name: 'YouTube जोड़ें' })).toBeTruthy();
  });
});

describe('How Super Chats count', () => {
  /** Serves a connected channel with these settings; records each PUT and answers with what it saved. */
  function serveSettings(settings: YouTubeSettings) {
    const saved: unknown[] = [];
    let current = settings;
    server.use(
      http.get('*/api/creator/youtube', () => HttpResponse.json(statusOf(CHANNEL, { settings: current }))),
      http.put('*/api/creator/youtube/settings', async ({ request }) => {
        current = (await request.json()) as YouTubeSettings;
        saved.push(current);
        return HttpResponse.json(statusOf(CHANNEL, { settings: current }));
      }),
    );
    return saved;
  }

  it('saves "Convert other currencies at my rates" with the rate rows typed', async () => {
    const saved = serveSettings(INR_ONLY);
    renderWithApp(<YouTubeSection />);
    const convert = await screen.findByRole('radio', { name: 'Convert other currencies at my rates' });
    expect(screen.getByRole('radio', { name: 'Count only Super Chats paid in rupees' })).toHaveProperty(
      'checked',
      true,
    );
    await userEvent.click(convert);
    await userEvent.click(screen.getByRole('button', { name: 'Add a currency' }));
    await userEvent.type(screen.getByLabelText('Currency 1'), 'usd');
    await userEvent.type(screen.getByLabelText('Rupees for 1 USD'), '84.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add a currency' }));
    await userEvent.type(screen.getByLabelText('Currency 2'), 'EUR');
    await userEvent.type(screen.getByLabelText('Rupees for 1 EUR'), '91');
    await userEvent.click(screen.getByRole('button', { name: 'Save how Super Chats count' }));
    expect(await screen.findByText('Saved. New Super Chats count this way.')).toBeTruthy();
    expect(saved).toEqual([{ countMode: 'convert', rates: { USD: 84.5, EUR: 91 } }]);
  });

  it('removes a rate row, and keeps the saved rates when switching back to rupees only', async () => {
    const saved = serveSettings({ countMode: 'convert', rates: { USD: 84.5, GBP: 107 } });
    renderWithApp(<YouTubeSection />);
    expect(await screen.findByLabelText('Rupees for 1 USD')).toHaveProperty('value', '84.5');
    await userEvent.click(screen.getByRole('button', { name: 'Remove GBP' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save how Super Chats count' }));
    await vi.waitFor(() => expect(saved).toEqual([{ countMode: 'convert', rates: { USD: 84.5 } }]));

    await userEvent.click(screen.getByRole('radio', { name: 'Count only Super Chats paid in rupees' }));
    expect(screen.queryByLabelText('Rupees for 1 USD')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save how Super Chats count' }));
    await vi.waitFor(() => expect(saved.at(-1)).toEqual({ countMode: 'inrOnly', rates: { USD: 84.5 } }));
  });

  it('refuses a bad code, a repeated currency, INR and a rate of 0, saying which row is wrong, and sends nothing', async () => {
    const saved = serveSettings({ countMode: 'convert', rates: {} });
    renderWithApp(<YouTubeSection />);
    const add = await screen.findByRole('button', { name: 'Add a currency' });
    const rows: Array<[string, string]> = [
      ['US', '84'],
      ['EUR', '0'],
      ['EUR', '90'],
      ['INR', '1'],
    ];
    for (const [index, [code, rate]] of rows.entries()) {
      await userEvent.click(add);
      await userEvent.type(screen.getByLabelText(`Currency ${index + 1}`), code);
      const rateInputs = screen.getAllByLabelText(/^Rupees for 1 /);
      await userEvent.type(rateInputs[index]!, rate);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Save how Super Chats count' }));
    expect(await screen.findByText('Please fix the rates marked below.')).toBeTruthy();
    const errors = screen
      .getAllByTestId('rate-row')
      .map((row) => row.querySelector('.yt-row-error')?.textContent);
    expect(errors).toEqual([
      'Enter a 3-letter currency code, like USD.',
      'Enter the rupees for 1 EUR: more than 0, up to 1,00,000.',
      'EUR is already in your rates.',
      'Rupees need no rate: Super Chats paid in INR always count as they are.',
    ]);
    expect(screen.getByLabelText('Currency 1').getAttribute('aria-invalid')).toBe('true');
    expect(saved).toEqual([]);
  });

  it('reads in Hindi', async () => {
    await activateLanguage('hi');
    serveSettings({ countMode: 'convert', rates: { USD: 84.5 } });
    renderWithApp(<YouTubeSection />);
    expect(await screen.findByRole('radio', { name: 'दूसरी करेंसी को मेरे रेट पर बदलें' })).toBeTruthy();
    expect(screen.getByLabelText('1 USD के लिए रुपये')).toBeTruthy();
    expect(screen.getByText('आपके चैनल पर लाइव स्ट्रीम का इंतज़ार है।')).toBeTruthy();
  });
});

describe('YouTube callback page', () => {
  it('hands code and state to the API once and shows the connected channel', async () => {
    const received: unknown[] = [];
    server.use(
      http.post('*/api/creator/youtube/callback', async ({ request }) => {
        received.push(await request.json());
        return HttpResponse.json(statusOf(CHANNEL));
      }),
    );
    renderWithApp(<YouTubeCallbackScreen />, { path: '/creator/youtube/callback?code=4%2Fabc&state=s1' });
    expect(await screen.findByText('YouTube connected: Asha Plays')).toBeTruthy();
    expect(received).toEqual([{ code: '4/abc', state: 's1' }]);
  });

  it("shows the API's refusal of a state this creator did not start", async () => {
    server.use(
      http.post('*/api/creator/youtube/callback', () =>
        HttpResponse.json(
          { message: STATUS_TEXTS.youtubeStateMismatch, code: 'VALIDATION_FAILED' },
          { status: 400 },
        ),
      ),
    );
    renderWithApp(<YouTubeCallbackScreen />, { path: '/creator/youtube/callback?code=c&state=forged' });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', STATUS_TEXTS.youtubeStateMismatch);
  });

  it('says so when the creator did not allow access', async () => {
    renderWithApp(<YouTubeCallbackScreen />, {
      path: '/creator/youtube/callback?error=access_denied&state=s1',
    });
    expect(await screen.findByText('You did not allow access, so YouTube is not connected.')).toBeTruthy();
  });
});

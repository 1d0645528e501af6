// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STATUS_TEXTS, type YouTubeLive, type YouTubeSettings } from '@shabaash/shared';
import { CREATOR, overrideHandlers, resolvers } from '@shabaash/mocks';
import { renderWithApp } from '../../test/renderApp.tsx';
import { mockApiForFile, signInFixtureBeforeEach } from '../../test/server.ts';
import { recordInputs } from '../../test/mockCalls.ts';
import { fakeAppSocketForFile } from '../../test/fakeSocket.ts';
import { activateLanguage } from '../../i18n/i18n.tsx';
import { YouTubeSection } from './YouTubeSection.tsx';
import { YouTubeCallbackScreen } from './YouTubeCallbackScreen.tsx';

const mock = mockApiForFile();
const { server, state } = mock;
// The card follows the live-chat follower's `youtube:live` messages; a fake socket stands in for the server's.
const socket = fakeAppSocketForFile();
signInFixtureBeforeEach(CREATOR);
const CHANNEL = { id: 'UCasha', title: 'Asha Plays', connectedAt: '2026-11-28T05:00:00.000Z' };
const INR_ONLY: YouTubeSettings = { countMode: 'inrOnly', rates: {} };

/** The signed-in creator has connected CHANNEL, with these settings, in the mock state. */
function connectChannel(settings: YouTubeSettings = INR_ONLY): void {
  state.youtube.channels.set(CREATOR.user.id, CHANNEL);
  state.youtube.settings.set(CREATOR.user.id, settings);
}

afterEach(async () => {
  vi.restoreAllMocks();
  await activateLanguage('en');
});

describe('YouTube card', () => {
  it('Connect YouTube opens the consent URL the API gives', async () => {
    let consent = '';
    server.use(
      ...overrideHandlers(state, {
        connectYouTube: async (ctx) => {
          const answer = await resolvers.connectYouTube(ctx);
          consent = answer.url;
          return answer;
        },
      }),
    );
    // The page leaves for Google: the navigation itself is not followed here.
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderWithApp(<YouTubeSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Connect YouTube' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(consent));
  });

  it('shows the connected channel, and Disconnect brings Connect back', async () => {
    connectChannel();
    renderWithApp(<YouTubeSection />);
    expect(await screen.findByText('Connected: Asha Plays')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect YouTube' }));
    expect(
      await screen.findByText('YouTube disconnected. Shabaash can no longer read your channel.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect YouTube' })).toBeTruthy();
    expect(screen.queryByText('Connected: Asha Plays')).toBeNull();
    expect(state.youtube.channels.has(CREATOR.user.id)).toBe(false);
  });

  it('says what the follower is doing and its polling budget, and why Super Chats cannot arrive', async () => {
    let live: YouTubeLive = {
      state: 'following',
      broadcastTitle: 'Ranked grind #12',
      message: null,
      quota: { dailyUnits: 10_000, usedUnits: 1_240, pollEveryMs: 6_000 },
      updatedAt: '2026-11-28T05:00:00.000Z',
    };
    // The mock's follower stays idle: this test's follower state goes on the contract's answer.
    connectChannel();
    server.use(
      ...overrideHandlers(state, {
        youtubeStatus: (ctx) => ({ ...resolvers.youtubeStatus(ctx), live }),
      }),
    );
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
    renderWithApp(<YouTubeSection />);
    expect(await screen.findByRole('button', { name: 'YouTube जोड़ें' })).toBeTruthy();
  });
});

describe('How Super Chats count', () => {
  /** A connected channel with these settings; returns each saved PUT (the mock state keeps what was saved). */
  function serveSettings(settings: YouTubeSettings) {
    connectChannel(settings);
    return recordInputs(mock, 'youtubeSettings');
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
    // The creator started this sign-in (Connect YouTube): the API knows its state.
    state.youtube.states.set('s1', CREATOR.user.id);
    const received = recordInputs(mock, 'youtubeCallback');
    renderWithApp(<YouTubeCallbackScreen />, { path: '/creator/youtube/callback?code=4%2Fabc&state=s1' });
    // The channel the API connected.
    const shown = await screen.findByText(/^YouTube connected: /);
    const channel = state.youtube.channels.get(CREATOR.user.id);
    expect(shown.textContent).toBe(`YouTube connected: ${channel?.title ?? '(none)'}`);
    expect(received).toEqual([{ code: '4/abc', state: 's1' }]);
  });

  it("shows the API's refusal of a state this creator did not start", async () => {
    // No sign-in was started with this state: the contract's answer is the refusal.
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

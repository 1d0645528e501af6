// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { STATUS_TEXTS } from '@shabaash/shared';
import { buildUser, renderWithApp } from '../../test/renderApp.tsx';
import { mswServerForFile, signInBeforeEach } from '../../test/server.ts';
import { activateLanguage } from '../../i18n/i18n.tsx';
import { YouTubeSection } from './YouTubeSection.tsx';
import { YouTubeCallbackScreen } from './YouTubeCallbackScreen.tsx';

const server = mswServerForFile();
signInBeforeEach(
  server,
  buildUser({ role: 'creator', creator: { handle: 'asha', displayName: 'Asha Live' } }),
);
const CHANNEL = { id: 'UCasha', title: 'Asha Plays', connectedAt: '2026-11-28T05:00:00.000Z' };

afterEach(async () => {
  vi.restoreAllMocks();
  await activateLanguage('en');
});

describe('YouTube card', () => {
  it('Connect YouTube opens the consent URL the API gives', async () => {
    const consent = 'http://127.0.0.1:1/o/oauth2/v2/auth?state=abc';
    server.use(
      http.get('*/api/creator/youtube', () => HttpResponse.json({ available: true, channel: null })),
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
      http.get('*/api/creator/youtube', () => HttpResponse.json({ available: true, channel })),
      http.delete('*/api/creator/youtube', () => {
        channel = null;
        return HttpResponse.json({ available: true, channel: null });
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

  it('reads in Hindi', async () => {
    await activateLanguage('hi');
    server.use(
      http.get('*/api/creator/youtube', () => HttpResponse.json({ available: true, channel: null })),
    );
    renderWithApp(<YouTubeSection />);
    expect(await screen.findByRole('button', { name: 'YouTube जोड़ें' })).toBeTruthy();
  });
});

describe('YouTube callback page', () => {
  it('hands code and state to the API once and shows the connected channel', async () => {
    const received: unknown[] = [];
    server.use(
      http.post('*/api/creator/youtube/callback', async ({ request }) => {
        received.push(await request.json());
        return HttpResponse.json({ available: true, channel: CHANNEL });
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

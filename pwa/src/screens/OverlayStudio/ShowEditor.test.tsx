// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { defaultShowSettings } from '@shabaash/shared';
import { buildUser, renderWithApp } from '../../test/renderApp.tsx';
import { mswServerForFile, signInBeforeEach } from '../../test/server.ts';
import { OverlayStudioScreen } from './OverlayStudioScreen.tsx';

// Overlay Studio (issue 14): tiers, auto-advance and TTS settings with the shared schema's messages; tier preview
// and test alerts.

const creator = buildUser({ role: 'creator', creator: { handle: 'asha', displayName: 'Asha Live' } });
const looks = { overlayTheme: 'neon', font: 'Inter', color: '#123456', sound: 'chime' };
let saved: unknown[] = [];
let tests: unknown[] = [];

const server = mswServerForFile();
signInBeforeEach(server, creator);
beforeEach(() => {
  saved = [];
  tests = [];
  server.use(
    // The live preview's iframe (the overlay page itself is not under test here).
    http.get(`${window.location.origin}/overlay`, () =>
      HttpResponse.text('', { headers: { 'content-type': 'text/html' } }),
    ),
    http.get('*/api/creator/supporters', () => HttpResponse.json({ supporters: [], hidden: [] })),
    http.get('*/api/creator/overlay', () =>
      HttpResponse.json({
        ...looks,
        show: defaultShowSettings(),
        handle: 'asha',
        displayName: 'Asha Live',
        overlayKey: 'ok_secret',
      }),
    ),
    http.put('*/api/creator/settings', async ({ request }) => {
      const body = await request.json();
      saved.push(body);
      return HttpResponse.json(body);
    }),
    http.post('*/api/creator/show/test-alert', async ({ request }) => {
      const body = (await request.json()) as { amount?: number };
      tests.push(body);
      const amount = body.amount ?? 500;
      return HttpResponse.json({
        id: 'test-1',
        name: 'Test alert',
        amount,
        amountPaise: amount * 100,
        message: 'This is a test alert.',
        speech: true,
      });
    }),
  );
});

describe('Overlay Studio: tiers and text-to-speech', () => {
  it('previews each tier and sends a test alert of that tier', async () => {
    const user = userEvent.setup();
    renderWithApp(<OverlayStudioScreen />, { path: '/overlay' });
    const previews = await screen.findAllByTestId('tier-preview');
    expect(previews).toHaveLength(7);
    expect(previews.map((p) => p.textContent)).toContain('Your fan₹500.00₹500+ · 20sSend test alert (₹500+)');
    await user.click(screen.getByRole('button', { name: 'Send test alert (₹500+)' }));
    expect(
      await screen.findByText('Test alert sent to your overlay. It is not saved anywhere.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send test alert (₹0+)' }));
    await user.click(screen.getByRole('button', { name: 'Send test alert' }));
    expect(tests).toEqual([{ amount: 500 }, { amount: 1 }, {}]);
  });

  it('explains invalid values with the shared messages at their fields, saves nothing, then saves when fixed', async () => {
    const user = userEvent.setup();
    renderWithApp(<OverlayStudioScreen />, { path: '/overlay' });
    await screen.findAllByTestId('tier-row');
    const tier2 = within(screen.getAllByTestId('tier-row')[2] as HTMLElement);
    await user.clear(tier2.getByLabelText('From (₹)'));
    await user.type(tier2.getByLabelText('From (₹)'), '20');
    await user.clear(screen.getByLabelText('Volume (0–100)'));
    await user.type(screen.getByLabelText('Volume (0–100)'), '150');
    await user.click(screen.getByRole('button', { name: 'Save tiers and speech' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Tier minimums must go up from one tier to the next.',
    );
    const volume = screen.getByLabelText('Volume (0–100)');
    expect(volume.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(volume.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Volume goes from 0 to 100.',
    );
    expect(saved).toEqual([]);

    await user.clear(tier2.getByLabelText('From (₹)'));
    await user.type(tier2.getByLabelText('From (₹)'), '150');
    await user.clear(volume);
    await user.type(volume, '40');
    await user.click(screen.getByLabelText('Auto-advance'));
    await user.click(screen.getByLabelText('Read Hinglish in Hindi'));
    await user.click(screen.getByRole('button', { name: 'Save tiers and speech' }));
    expect(await screen.findByText('Tiers and speech saved. Open overlays update now.')).toBeTruthy();
    const show = defaultShowSettings();
    expect(saved).toEqual([
      {
        ...looks,
        show: {
          ...show,
          tiers: show.tiers.map((t, i) => (i === 2 ? { ...t, minAmount: 150 } : t)),
          autoAdvance: true,
          tts: { ...show.tts, volume: 40, hinglishInHindi: true },
        },
      },
    ]);
  });

  it('gives a tier a shipped sound with its volume, uploads one for another, and shows a refused upload', async () => {
    const uploads: string[] = [];
    server.use(
      http.post('*/api/creator/show/sounds', async ({ request }) => {
        const { audio } = (await request.json()) as { audio: string };
        uploads.push(audio);
        if (audio.startsWith('data:image/')) {
          return HttpResponse.json(
            { code: 'VALIDATION_FAILED', message: 'Choose an MP3 or OGG sound file.' },
            { status: 400 },
          );
        }
        const id = '6a2f0c1e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
        return HttpResponse.json({ sound: `upload:${id}`, url: `/api/tier-sounds/${id}` });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<OverlayStudioScreen />, { path: '/overlay' });
    await screen.findAllByTestId('tier-row');
    const tier1 = within(screen.getAllByTestId('tier-row')[1] as HTMLElement);
    const tier2 = within(screen.getAllByTestId('tier-row')[2] as HTMLElement);
    // Without a sound of its own a tier plays the overlay's: nothing to play or set here.
    expect(tier1.getByRole('button', { name: 'Play the sound of Tier 1' })).toHaveProperty('disabled', true);
    await user.selectOptions(tier1.getByLabelText('Alert sound'), 'Coins');
    expect(tier1.getByRole('button', { name: 'Play the sound of Tier 1' })).toHaveProperty('disabled', false);
    await user.clear(tier1.getByLabelText('Sound volume (0–100)'));
    await user.type(tier1.getByLabelText('Sound volume (0–100)'), '55');

    const upload = tier2.getByLabelText('Upload a sound for Tier 2 (MP3 or OGG, up to 300 KB)');
    await user.upload(upload, new File(['not a sound'], 'song.mp3', { type: 'image/png' }));
    expect(await tier2.findByText('Choose an MP3 or OGG sound file.')).toBeTruthy();
    await user.upload(
      upload,
      new File([new Uint8Array([0x4f, 0x67, 0x67, 0x53])], 'pop.ogg', { type: 'audio/ogg' }),
    );
    expect(await tier2.findByText('Sound uploaded. Save your tiers to use it.')).toBeTruthy();
    expect((tier2.getByLabelText('Alert sound') as HTMLSelectElement).value).toMatch(/^upload:/);
    expect(uploads).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Save tiers and speech' }));
    expect(await screen.findByText('Tiers and speech saved. Open overlays update now.')).toBeTruthy();
    const { tiers } = (saved[0] as { show: ReturnType<typeof defaultShowSettings> }).show;
    expect(tiers[1]).toMatchObject({ sound: 'coins', volume: 55 });
    expect(tiers[2]).toMatchObject({ sound: 'upload:6a2f0c1e-3b4d-4e5f-8a9b-0c1d2e3f4a5b' });
    expect(tiers[3]?.sound).toBeUndefined();
  });

  it('allows at most 6 tiers above the base tier', async () => {
    const user = userEvent.setup();
    renderWithApp(<OverlayStudioScreen />, { path: '/overlay' });
    await screen.findAllByTestId('tier-row');
    expect(screen.getByRole('button', { name: 'Add tier' })).toHaveProperty('disabled', true);
    expect(screen.getByText('You can set at most 6 tiers above the base tier.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove tier 6' }));
    expect(screen.getAllByTestId('tier-row')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Add tier' }));
    expect(screen.getAllByTestId('tier-row')).toHaveLength(7);
  });
});

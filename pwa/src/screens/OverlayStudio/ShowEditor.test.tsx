// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { defaultShowSettings, MESSAGES, type OverlaySettings } from '@shabaash/shared';
import { CREATOR, MockHttpError, overrideHandlers, resolvers } from '@shabaash/mocks';
import { renderWithApp } from '../../test/renderApp.tsx';
import { mockApiForFile, signInFixtureBeforeEach } from '../../test/server.ts';
import { OverlayStudioScreen } from './OverlayStudioScreen.tsx';

// Overlay Studio: tiers, auto-advance and TTS settings with the shared schema's messages; tier preview
// and test alerts.

const looks = { overlayTheme: 'neon', font: 'Inter', color: '#123456', sound: 'chime' };
let tests: unknown[] = [];

const { server, state } = mockApiForFile();
signInFixtureBeforeEach(CREATOR);
/** What the creator's overlay settings are now, and how many times the Studio saved them. */
const overlay = () => state.creators.get(CREATOR.user.id)!.overlay;
const saves = () => state.calls.get('saveSettings') ?? 0;

beforeEach(() => {
  tests = [];
  state.creators.get(CREATOR.user.id)!.overlay = { ...looks, show: defaultShowSettings() } as OverlaySettings;
  server.use(
    // The live preview's iframe (the overlay page itself is not under test here).
    http.get(`${window.location.origin}/overlay`, () =>
      HttpResponse.text('', { headers: { 'content-type': 'text/html' } }),
    ),
    ...overrideHandlers(state, {
      sendTestAlert: (ctx) => {
        tests.push(ctx.input);
        return resolvers.sendTestAlert(ctx);
      },
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
    expect(saves()).toBe(0);

    await user.clear(tier2.getByLabelText('From (₹)'));
    await user.type(tier2.getByLabelText('From (₹)'), '150');
    await user.clear(volume);
    await user.type(volume, '40');
    await user.click(screen.getByLabelText('Auto-advance'));
    await user.click(screen.getByLabelText('Read Hinglish in Hindi'));
    await user.click(screen.getByRole('button', { name: 'Save tiers and speech' }));
    expect(await screen.findByText('Tiers and speech saved. Open overlays update now.')).toBeTruthy();
    const show = defaultShowSettings();
    expect(saves()).toBe(1);
    expect([overlay()]).toEqual([
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
    // The API sniffs the bytes: an image is refused whatever the file is called.
    server.use(
      ...overrideHandlers(state, {
        uploadTierSound: (ctx) => {
          if (ctx.input.audio.startsWith('data:image/'))
            throw new MockHttpError('VALIDATION_FAILED', MESSAGES.tierSoundType);
          return resolvers.uploadTierSound(ctx);
        },
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
    const uploaded = (tier2.getByLabelText('Alert sound') as HTMLSelectElement).value;
    expect(uploaded).toMatch(/^upload:/);
    expect(state.calls.get('uploadTierSound')).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Save tiers and speech' }));
    expect(await screen.findByText('Tiers and speech saved. Open overlays update now.')).toBeTruthy();
    const { tiers } = overlay().show!;
    expect(tiers[1]).toMatchObject({ sound: 'coins', volume: 55 });
    expect(tiers[2]).toMatchObject({ sound: uploaded });
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

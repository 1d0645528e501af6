import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, trackPageErrors } from './browser.ts';
import { chatIdOf, createCreator, getJson, guestTip, postJson, pushLive, signInContext } from './flows.ts';

const OGG = fileURLToPath(new URL('../../api/test/fixtures/pop.ogg', import.meta.url));

/**
 * Sounds per tier: in the Overlay Studio the creator gives the ₹200 tier the shipped Fanfare at volume 40 and the
 * ₹500 tier an uploaded OGG, and saves. On the OBS overlay (autoplay allowed, as in OBS) a tip pushed live plays
 * its tier's sound on the overlay's sound element, at the tier's volume, and only once it has ended the speech;
 * so does a test alert, whose speech is ready at once.
 */
describe('sounds per tier on the OBS overlay', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let creator: { token: string; handle: string; displayName: string };
  let overlay: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launchBrowser({ autoplay: true });
    creator = await createCreator(baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** What the overlay's media elements did, in order: "sound play <src> <volume>", "speech ended <tip>", … */
  const mediaEvents = () =>
    overlay.evaluate(() => (window as unknown as { mediaEvents: string[] }).mediaEvents.slice());

  it('the creator picks a shipped sound for one tier and uploads one for another in the Studio', async () => {
    const suite = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await signInContext(suite, baseUrl, creator.token);
    const studio = await suite.newPage();
    const studioErrors = trackPageErrors(studio);
    await studio.goto(`${baseUrl}/overlay`);
    const tiers = studio.getByTestId('tier-row');
    await tiers.first().waitFor({ timeout: 15_000 });

    const fanfareTier = tiers.nth(3); // from ₹200
    await fanfareTier.getByLabel('Alert sound').selectOption({ label: 'Fanfare' });
    await fanfareTier.getByLabel('Sound volume (0–100)').fill('40');
    await fanfareTier.getByRole('button', { name: 'Play the sound of Tier 3' }).click();

    const uploadTier = tiers.nth(4); // from ₹500
    await uploadTier.getByLabel('Upload a sound for Tier 4 (MP3 or OGG, up to 300 KB)').setInputFiles(OGG);
    await expect
      .poll(() => uploadTier.getByText('Sound uploaded. Save your tiers to use it.').isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await uploadTier.getByLabel('Alert sound').inputValue()).toMatch(/^upload:/);

    await studio.getByRole('button', { name: 'Save tiers and speech' }).click();
    await expect
      .poll(() => studio.getByText('Tiers and speech saved. Open overlays update now.').isVisible())
      .toBe(true);
    expect(studioErrors).toEqual([]);
    await suite.close();

    const { show } = await getJson<{ show: { tiers: { sound?: string; volume?: number }[] } }>(
      baseUrl,
      '/creator/overlay',
      creator.token,
    );
    expect(show.tiers[3]).toMatchObject({ sound: 'fanfare', volume: 40 });
    expect(show.tiers[4]?.sound).toMatch(/^upload:/);
  });

  it('a tip pushed live plays its tier sound on the overlay at the tier volume, then its speech', async () => {
    const { overlayKey } = await getJson<{ overlayKey: string }>(baseUrl, '/creator/overlay', creator.token);
    const obs = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    // Media events do not bubble, but a capturing listener on the document hears them.
    await obs.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { mediaEvents: string[] }).mediaEvents = seen;
      for (const type of ['play', 'ended']) {
        document.addEventListener(
          type,
          (event) => {
            const audio = event.target as HTMLAudioElement;
            if (audio.classList?.contains('ov-sound')) {
              seen.push(`sound ${type} ${new URL(audio.src).pathname} ${audio.volume}`);
            }
            if (audio.classList?.contains('ov-speech'))
              seen.push(`speech ${type} ${audio.dataset.tipId ?? ''}`);
          },
          true,
        );
      }
    });
    overlay = await obs.newPage();
    errors = trackPageErrors(overlay);
    await overlay.goto(`${baseUrl}/overlay?key=${encodeURIComponent(overlayKey)}&display=1`);
    await overlay.locator('.ov-card').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => overlay.evaluate(() => document.documentElement.dataset.overlayAudible))
      .toBe('true');

    const fanfareName = `Fanfare ${Date.now() % 1e6}`;
    await guestTip(baseUrl, creator.handle, fanfareName, 250, 'Bahut badhiya stream');
    await pushLive(baseUrl, creator.token, fanfareName);
    const fanfareId = await chatIdOf(baseUrl, creator.token, fanfareName);
    await expect.poll(mediaEvents, { timeout: 30_000 }).toContain(`speech ended ${fanfareId}`);
    expect(await mediaEvents()).toEqual([
      'sound play /sounds/fanfare.mp3 0.4',
      'sound ended /sounds/fanfare.mp3 0.4',
      `speech play ${fanfareId}`,
      `speech ended ${fanfareId}`,
    ]);

    const { show } = await getJson<{ show: { tiers: { sound?: string }[] } }>(
      baseUrl,
      '/creator/overlay',
      creator.token,
    );
    const uploadPath = `/api/tier-sounds/${show.tiers[4]?.sound?.slice('upload:'.length)}`;
    const uploadName = `Upload ${Date.now() % 1e6}`;
    await guestTip(baseUrl, creator.handle, uploadName, 600, 'Upload wala sound');
    await pushLive(baseUrl, creator.token, uploadName);
    const uploadId = await chatIdOf(baseUrl, creator.token, uploadName);
    await expect.poll(mediaEvents, { timeout: 30_000 }).toContain(`speech ended ${uploadId}`);
    expect((await mediaEvents()).slice(4)).toEqual([
      `sound play ${uploadPath} 0.8`,
      `sound ended ${uploadPath} 0.8`,
      `speech play ${uploadId}`,
      `speech ended ${uploadId}`,
    ]);
    // A test alert's speech is at hand at once (its text is fixed; fetched here first so it is made and kept):
    // the speech still waits for the tier's sound to end.
    const testSpeech = await fetch(
      `${baseUrl}/api/overlay/test-speech?key=${encodeURIComponent(overlayKey)}`,
    );
    expect(testSpeech.status).toBe(200);
    await postJson(baseUrl, '/creator/show/test-alert', { amount: 250 }, creator.token);
    await expect
      .poll(mediaEvents, { timeout: 30_000 })
      .toContainEqual(expect.stringMatching(/^speech ended test-/));
    expect((await mediaEvents()).slice(8)).toEqual([
      'sound play /sounds/fanfare.mp3 0.4',
      'sound ended /sounds/fanfare.mp3 0.4',
      expect.stringMatching(/^speech play test-/),
      expect.stringMatching(/^speech ended test-/),
    ]);

    // The alert receipts say both alerts aired with their sound heard.
    const aired = async (id: string) => {
      const { tips } = await getJson<{ tips: { id: string; aired?: { sound: string } | null }[] }>(
        baseUrl,
        '/creator/chats',
        creator.token,
      );
      return tips.find((t) => t.id === id)?.aired?.sound ?? null;
    };
    await expect.poll(() => aired(fanfareId), { timeout: 10_000 }).toBe('played');
    await expect.poll(() => aired(uploadId), { timeout: 10_000 }).toBe('played');
    expect(errors).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultShowSettings, MESSAGES, type OverlaySettings, type ShowSettings } from '@shabaash/shared';
import { createTestApp } from '../../../test/harness.ts';
import { buildCreator, buildUser, type BuiltCreator } from '../../../test/factories.ts';
import { sampleOf, scrapeMetrics, TEST_METRICS_TOKEN } from '../../../test/metrics.ts';

const app = await createTestApp({ env: { METRICS_TOKEN: TEST_METRICS_TOKEN } });
const { db, config } = app.deps;

const MP3 = readFileSync(new URL('../../../../pwa/public/sounds/pop.mp3', import.meta.url));
const OGG = readFileSync(new URL('../../../test/fixtures/pop.ogg', import.meta.url));
const looks = { overlayTheme: 'classic', font: 'Poppins', color: '#ff5c5c', sound: 'default' };

const dataString = (bytes: Buffer, declared = 'audio/mpeg') =>
  `data:${declared};base64,${bytes.toString('base64')}`;

async function upload(creator: { token: string }, bytes: Buffer, declared?: string) {
  return app.request<{ sound: string; url: string; message: string }>('POST', '/api/creator/show/sounds', {
    token: creator.token,
    body: { audio: dataString(bytes, declared) },
  });
}

/** The default show with tier 1 playing `sound` at `volume`. */
function showWith(sound: string, volume = 60): ShowSettings {
  const show = defaultShowSettings();
  show.tiers[1] = { ...show.tiers[1]!, sound, volume };
  return show;
}

const saveShow = (creator: BuiltCreator, show: ShowSettings) =>
  app.request<OverlaySettings & { message: string }>('PUT', '/api/creator/settings', {
    token: creator.token,
    body: { ...looks, show },
  });

const uploadsCount = async (result: string) =>
  sampleOf(await scrapeMetrics(app.url), 'shabaash_tier_sound_uploads_total', { result });

describe('tier sounds a creator uploads', () => {
  it('a real MP3 and a real OGG are stored and served from our origin with their type, nosniff and a cache header', async () => {
    const creator = await buildCreator(db, config);
    const storedBefore = await uploadsCount('stored');
    for (const [bytes, type] of [
      [MP3, 'audio/mpeg'],
      [OGG, 'audio/ogg'],
    ] as const) {
      // The declared type is ignored: the bytes decide.
      const res = await upload(creator, bytes, 'application/octet-stream');
      expect(res.status).toBe(200);
      expect(res.body.sound).toMatch(/^upload:[0-9a-f-]{36}$/);
      expect(res.body.url).toBe(`/api/tier-sounds/${res.body.sound.slice('upload:'.length)}`);
      const served = await fetch(`${app.url}${res.body.url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toBe('private, max-age=86400, immutable');
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
    expect(await uploadsCount('stored')).toBe(storedBefore + 2);
    const audit = await db('tier_sound_audit').where({ creator_id: creator.id, action: 'uploaded' });
    expect(audit).toHaveLength(2);
    expect(audit.map((a: { size_bytes: number }) => a.size_bytes).sort()).toEqual(
      [MP3.length, OGG.length].sort(),
    );
  });

  it('a renamed non-audio file is refused, whatever type it declares', async () => {
    const creator = await buildCreator(db, config);
    const before = await uploadsCount('refused_type');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const script = Buffer.from('<script>alert(1)</script>'.repeat(20));
    // A file that starts like an MP3 frame header but is not a run of frames.
    const fakeMp3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), Buffer.alloc(600, 0x41)]);
    for (const bytes of [png, script, fakeMp3, Buffer.from('OggS is not enough')]) {
      const res = await upload(creator, bytes, 'audio/mpeg');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.tierSoundType);
    }
    expect(await uploadsCount('refused_type')).toBe(before + 4);
    expect(await db('tier_sounds').where({ creator_id: creator.id })).toHaveLength(0);
  });

  it('a file over 300 KB is refused', async () => {
    const creator = await buildCreator(db, config);
    // A real MP3 made longer by repeating its frames: still an MP3, only too big.
    const frames = MP3.subarray(MP3.indexOf(Buffer.from([0xff, 0xf3])));
    const big = Buffer.concat(Array.from({ length: Math.ceil(300_001 / frames.length) }, () => frames));
    expect(big.length).toBeGreaterThan(300_000);
    const res = await upload(creator, big);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.tierSoundSize);
    // Just under the cap is fine.
    const ok = await upload(creator, big.subarray(0, frames.length * Math.floor(300_000 / frames.length)));
    expect(ok.status).toBe(200);
  });

  it('only a creator uploads, and a viewer is refused', async () => {
    const viewer = await buildUser(db, config);
    expect((await upload(viewer, MP3)).status).toBe(403);
    const anonymous = await app.request('POST', '/api/creator/show/sounds', {
      body: { audio: dataString(MP3) },
    });
    expect(anonymous.status).toBe(401);
  });

  it('another creator cannot put your upload on their tier', async () => {
    const owner = await buildCreator(db, config);
    const other = await buildCreator(db, config);
    const { sound } = (await upload(owner, MP3)).body;
    const stolen = await saveShow(other, showWith(sound));
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(MESSAGES.tierSoundNotYours);
    const mine = await saveShow(owner, showWith(sound, 35));
    expect(mine.status).toBe(200);
    expect(mine.body.show?.tiers[1]).toMatchObject({ sound, volume: 35 });
    const pub = await app.request<OverlaySettings>(
      'GET',
      `/api/creator/overlay/public?key=${encodeURIComponent(owner.overlayKey)}`,
    );
    expect(pub.body.show?.tiers[1]).toMatchObject({ sound, volume: 35 });
  });

  it('an upload no tier uses any more is deleted when the tiers are saved, and all of them with the account', async () => {
    const creator = await buildCreator(db, config);
    const first = (await upload(creator, MP3)).body;
    const second = (await upload(creator, OGG)).body;
    expect((await saveShow(creator, showWith(first.sound))).status).toBe(200);
    // The unused second upload is gone; the first still plays.
    expect((await fetch(`${app.url}${second.url}`)).status).toBe(404);
    expect((await fetch(`${app.url}${first.url}`)).status).toBe(200);
    // A shipped sound in its place: the upload goes.
    expect((await saveShow(creator, showWith('bell'))).status).toBe(200);
    expect((await fetch(`${app.url}${first.url}`)).status).toBe(404);
    const deleted = await db('tier_sound_audit').where({ creator_id: creator.id, action: 'deleted' });
    expect(deleted).toHaveLength(2);

    const third = (await upload(creator, MP3)).body;
    expect((await saveShow(creator, showWith(third.sound))).status).toBe(200);
    const gone = await app.request('DELETE', '/api/users/me', {
      token: creator.token,
      body: { confirm: true, balancePaise: 0 },
    });
    expect(gone.status).toBe(200);
    expect((await fetch(`${app.url}${third.url}`)).status).toBe(404);
    expect(await db('tier_sounds').where({ creator_id: creator.id })).toHaveLength(0);
  });

  it('a shipped sound or none is accepted; an unknown name is refused', async () => {
    const creator = await buildCreator(db, config);
    expect((await saveShow(creator, showWith('fanfare'))).status).toBe(200);
    expect((await saveShow(creator, showWith('airhorn'))).status).toBe(400);
    expect((await saveShow(creator, defaultShowSettings())).status).toBe(200);
  });
});

/**
 * Time to audio ready: a tip of a 200-character message is pushed live through
 * PATCH /api/creator/chats/:id/status, then the overlay's route GET /api/overlay/speech/:id?key=… is polled every
 * 5 ms until it answers 200 with the audio. One tip at a time (no queueing), alternating a Hindi (Devanagari) and
 * an English message, with the engine the API runs (embedded eSpeak NG unless GOOGLE_TTS_SERVICE_ACCOUNT is set).
 */
import { performance } from 'node:perf_hooks';
import type { Db } from '../../api/src/db/knex.ts';
import { insertTip } from '../../api/src/modules/tips/tips.repository.ts';
import { summarize, type Summary } from '../load/load.ts';
import type { BenchProduct } from '../product.ts';
import type { SeededCreator } from '../load/seed.ts';

const HINDI =
  'बहुत बढ़िया स्ट्रीम भाई, आज का गेम देखकर मज़ा आ गया। आप ऐसे ही खेलते रहो और हम सब आपको सपोर्ट करते रहेंगे। अगली बार वो बॉस फाइट फिर से करना, सब लोग इंतज़ार कर रहे हैं, शाबाश!';
const ENGLISH =
  'Amazing stream today, that last round was unbelievable and the whole chat went crazy. Keep going like this, we are all here to support you. Please do the boss fight again next time, shabaash!';

export const SPEECH_MESSAGE_CHARS = 200;

/** A message of exactly 200 characters from the sample text. */
export function messageOf(sample: string): string {
  const chars = Array.from(sample.repeat(2)).slice(0, SPEECH_MESSAGE_CHARS);
  return chars.join('');
}

export interface SpeechPhase {
  samples: number;
  failed: number;
  ready: Summary;
  audioBytes: number;
}

export async function speechReadiness(
  product: BenchProduct,
  db: Db,
  creator: SeededCreator,
  samples: number,
  deadline: () => boolean,
): Promise<SpeechPhase> {
  const times: number[] = [];
  let failed = 0;
  let audioBytes = 0;
  for (let i = 0; i < samples && deadline(); i++) {
    const message = messageOf(i % 2 === 0 ? HINDI : ENGLISH);
    const tip = await db.transaction((tx) =>
      insertTip(tx, {
        creatorId: creator.id,
        senderId: null,
        guestName: 'Bench',
        source: 'guest',
        amountPaise: 50_000,
        message,
      }),
    );
    const started = performance.now();
    const res = await fetch(`${product.url}/api/creator/chats/${tip.id}/status`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${creator.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'read' }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) {
      failed++;
      continue;
    }
    const url = `${product.url}/api/overlay/speech/${tip.id}?key=${encodeURIComponent(creator.overlayKey)}`;
    let ready = false;
    while (!ready && performance.now() - started < 30_000) {
      const audio = await fetch(url);
      const body = await audio.arrayBuffer();
      if (audio.status === 200) {
        ready = true;
        audioBytes = body.byteLength;
      } else await new Promise((r) => setTimeout(r, 5));
    }
    if (ready) times.push(performance.now() - started);
    else failed++;
  }
  return { samples: times.length, failed, ready: summarize(times), audioBytes };
}

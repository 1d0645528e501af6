import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SpeechAudio, SpeechEngine, SpeechRequest } from './engine.ts';
import { MAX_SPEECH_SECONDS, speechWav } from './wav.ts';

/**
 * The worker's source, plain JavaScript run with `eval` so it needs no TypeScript loader (tsx, vitest, bench alike).
 * It loads eSpeak NG (Emscripten, voice data included) once and answers `{id, text, voice}` with 16-bit PCM.
 * `synthesize_and_get_phonemes` is the package's one call that reads the text as plain text: its `synthesize` turns
 * on SSML and `[[phoneme]]` input, so a message could pause for minutes, shout, or say words it never shows.
 * Synthesis stops once `maxSeconds` of audio is made (`speechWav` cuts the last chunk's excess).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const ready = import(workerData.moduleUrl).then(async (m) => {
  const module = await m.default();
  return { worker: new module.eSpeakNGWorker() };
});
parentPort.on('message', async ({ id, text, voice }) => {
  try {
    const { worker } = await ready;
    worker.set_voice(voice);
    const max = Math.floor(worker.samplerate * workerData.maxSeconds);
    const chunks = [];
    let length = 0;
    worker.synthesize_and_get_phonemes(text, (samples) => {
      chunks.push(samples);
      length += samples.length;
      return length >= max ? 1 : 0;
    });
    const pcm = new Int16Array(length);
    let at = 0;
    for (const c of chunks) { pcm.set(c, at); at += c.length; }
    parentPort.postMessage({ id, pcm, sampleRate: worker.samplerate }, [pcm.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message ? err.message : err) });
  }
});
`;

/** eSpeak NG obeys control characters even in plain text (U+0001 starts an embedded command: volume, speed). */
const CONTROL_CHARACTERS = /\p{Cc}/gu;

interface WorkerReply {
  id: number;
  pcm?: Int16Array;
  sampleRate?: number;
  error?: string;
}

/**
 * The embedded default engine: eSpeak NG compiled with Emscripten (`@echogarden/espeak-ng-emscripten`), run in a
 * worker thread so synthesis never blocks the event loop that answers requests. One worker, requests in order.
 * It reads the text as plain text (no markup, no phonemes, no control characters) and answers `speechWav`'s audio.
 */
export class EspeakEngine implements SpeechEngine {
  readonly name = 'espeak-ng';
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (a: SpeechAudio) => void; reject: (e: Error) => void }
  >();

  private start(): Worker {
    if (this.worker) return this.worker;
    const moduleUrl = pathToFileURL(
      createRequire(import.meta.url).resolve('@echogarden/espeak-ng-emscripten'),
    ).href;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { moduleUrl, maxSeconds: MAX_SPEECH_SECONDS },
    });
    worker.unref();
    worker.on('message', (reply: WorkerReply) => this.settle(reply));
    worker.on('error', (err) => this.failAll(err));
    worker.on('exit', () => {
      this.worker = null;
      this.failAll(new Error('eSpeak NG worker exited'));
    });
    this.worker = worker;
    return worker;
  }

  private settle(reply: WorkerReply): void {
    const waiter = this.pending.get(reply.id);
    if (!waiter) return;
    this.pending.delete(reply.id);
    if (reply.error || !reply.pcm || !reply.sampleRate) {
      waiter.reject(new Error(`eSpeak NG failed: ${reply.error ?? 'no audio'}`));
      return;
    }
    waiter.resolve({ audio: speechWav(reply.pcm, reply.sampleRate), mime: 'audio/wav' });
  }

  private failAll(err: Error): void {
    for (const waiter of this.pending.values()) waiter.reject(err);
    this.pending.clear();
  }

  synthesize(request: SpeechRequest): Promise<SpeechAudio> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref(); // keep the process alive while a job is out
      worker.postMessage({ id, text: request.text.replace(CONTROL_CHARACTERS, ' '), voice: request.voice });
    }).finally(() => {
      if (this.pending.size === 0) this.worker?.unref();
    }) as Promise<SpeechAudio>;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}

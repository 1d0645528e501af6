import { describe, expect, it } from 'vitest';
import { StopList } from './shutdown.ts';

describe('stopping an instance', () => {
  it('stops the parts last started first, and names the part a stop waits for and those after it', async () => {
    const stops = new StopList();
    const order: string[] = [];
    let release = () => {};
    stops.add('database', () => Promise.resolve(void order.push('database')));
    stops.add('Auth emulator', () => new Promise<void>((resolve) => (release = resolve)));
    stops.add('webhook worker', () => Promise.resolve(void order.push('webhook worker')));
    expect(stops.waitingFor()).toEqual([]);

    const stopping = stops.stopAll(() => {});
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['webhook worker']);
    expect(stops.waitingFor()).toEqual(['Auth emulator', 'database']);

    release();
    await stopping;
    expect(order).toEqual(['webhook worker', 'database']);
    expect(stops.waitingFor()).toEqual([]);
  });

  it('a part whose stop fails is reported and the others still stop', async () => {
    const stops = new StopList();
    const stopped: string[] = [];
    const failed: string[] = [];
    stops.add('database', () => Promise.resolve(void stopped.push('database')));
    stops.add('Razorpay simulator', () => Promise.reject(new Error('boom')));
    await stops.stopAll((part) => failed.push(part));
    expect(failed).toEqual(['Razorpay simulator']);
    expect(stopped).toEqual(['database']);
  });
});

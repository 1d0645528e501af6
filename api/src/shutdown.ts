/** The parts of a running instance in the order they started, stopped in reverse; says which one a stop waits for. */
export class StopList {
  private readonly stops: Array<{ part: string; stop: () => Promise<void> }> = [];
  private remaining: string[] = [];

  add(part: string, stop: () => Promise<void>): void {
    this.stops.push({ part, stop });
  }

  /** Stops every part, last started first; a part that throws is reported through `onError` and the rest go on. */
  async stopAll(onError: (part: string, err: unknown) => void): Promise<void> {
    const order = this.stops.splice(0).reverse();
    this.remaining = order.map((s) => s.part);
    for (const { part, stop } of order) {
      try {
        await stop();
      } catch (err) {
        onError(part, err);
      }
      this.remaining.shift();
    }
  }

  /** The part being stopped now, then those still to stop (empty when none is stopping). */
  waitingFor(): readonly string[] {
    return [...new Set(this.remaining)];
  }
}

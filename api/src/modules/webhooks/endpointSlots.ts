/**
 * A cap on the sends in flight to each endpoint in this process (WEBHOOK_ENDPOINT_CONCURRENCY): an endpoint that
 * answers slowly or not at all holds at most `cap` sends, and everything for the other endpoints goes past it.
 */
export class EndpointSlots {
  private readonly active = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(readonly cap: number) {}

  /** The endpoints with every slot taken: a claim leaves their deliveries for later. */
  fullEndpoints(): string[] {
    return [...this.active].filter(([, n]) => n >= this.cap).map(([id]) => id);
  }

  /**
   * Runs `task` once a slot of the endpoint is free. When the slot comes only after `wanted()` turned false (the
   * caller stopped waiting), the task is not run: null.
   */
  async run<T>(
    endpointId: string,
    task: () => Promise<T>,
    wanted: () => boolean,
  ): Promise<{ value: T } | null> {
    if ((this.active.get(endpointId) ?? 0) >= this.cap) {
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(endpointId) ?? [];
        queue.push(resolve);
        this.waiting.set(endpointId, queue);
      });
      // The slot was handed over by release(): it is ours now, counted already.
      if (!wanted()) {
        this.release(endpointId);
        return null;
      }
    } else this.active.set(endpointId, (this.active.get(endpointId) ?? 0) + 1);
    try {
      return { value: await task() };
    } finally {
      this.release(endpointId);
    }
  }

  private release(endpointId: string): void {
    const next = this.waiting.get(endpointId)?.shift();
    if (next) return next();
    this.waiting.delete(endpointId);
    const n = (this.active.get(endpointId) ?? 1) - 1;
    if (n <= 0) this.active.delete(endpointId);
    else this.active.set(endpointId, n);
  }
}

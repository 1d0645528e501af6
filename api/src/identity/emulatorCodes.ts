interface VerificationCode {
  code: string;
  phoneNumber: string;
  sessionInfo?: string;
}

/**
 * SANDBOX ONLY: the newest OTP the Auth emulator "sent" to `phoneE164` (+91…), or null if none.
 * Reads the emulator's `GET /emulator/v1/projects/<id>/verificationCodes` (codes are listed oldest first);
 * pass `sessionInfo` to pick the code of one particular send. Throws if the emulator does not answer.
 */
export async function readLatestCode(
  emulatorUrl: string,
  projectId: string,
  phoneE164: string,
  sessionInfo?: string,
): Promise<string | null> {
  const base = emulatorUrl.replace(/\/+$/, '');
  const res = await fetch(`${base}/emulator/v1/projects/${encodeURIComponent(projectId)}/verificationCodes`, {
    signal: AbortSignal.timeout(5_000),
  });
  if (!res.ok) throw new Error(`Auth emulator answered ${res.status} when listing verification codes`);
  const body = (await res.json()) as { verificationCodes?: VerificationCode[] };
  const matches = (body.verificationCodes ?? []).filter(
    (c) => c.phoneNumber === phoneE164 && (sessionInfo === undefined || c.sessionInfo === sessionInfo),
  );
  return matches.at(-1)?.code ?? null;
}

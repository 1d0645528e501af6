import fs from 'node:fs';
import path from 'node:path';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The embedded PostgreSQL outlives a SIGKILLed parent: stop the one of `dataDir` (immediate shutdown, so the
 * next start runs crash recovery) and wait until it is gone.
 */
export async function killLeftoverPostgres(dataDir: string): Promise<void> {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!fs.existsSync(file)) return;
  const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  process.kill(pid, 'SIGQUIT');
  const deadline = Date.now() + 20_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  while (alive(pid)) await new Promise((r) => setTimeout(r, 100));
}

/** After a crash test: stops the products still running (or removes their temp dirs), then the database of `dataDir`. */
export async function cleanUpCrashRun(
  products: Array<{
    process: { exitCode: number | null; signalCode: string | null };
    dataDir: string;
    stop(): Promise<void>;
  }>,
  dataDir: string,
): Promise<void> {
  for (const p of products) {
    if (p.process.exitCode === null && p.process.signalCode === null) await p.stop();
    else fs.rmSync(p.dataDir, { recursive: true, force: true });
  }
  await killLeftoverPostgres(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

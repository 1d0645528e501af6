import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { spawnSync } from 'node:child_process';

/** Asks the OS for a free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** True when nothing listens on 127.0.0.1:`port` (we could bind it). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** "pid 123 (postgres)" for the process listening on `port` when `ss` can tell (Linux), else null. */
export function portHolder(port: number): string | null {
  const result = spawnSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8', timeout: 2000 });
  const match = /users:\(\("([^"]+)",pid=(\d+)/.exec(result.stdout ?? '');
  return match ? `pid ${match[2]} (${programName(Number(match[2])) ?? match[1]})` : null;
}

/** The program a process runs (`node`), where `ss` shows its thread's name (Node.js 24 names it `MainThread`). */
function programName(pid: number): string | null {
  try {
    const argv0 = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
    return argv0 ? path.basename(argv0) : null;
  } catch {
    return null;
  }
}

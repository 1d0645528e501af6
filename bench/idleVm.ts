/**
 * `npm run bench:idle-vm` (not part of CI): 100,000 idle sockets in one API process, which this
 * machine's hard open-file limit (20,000, and no CAP_SYS_RESOURCE to lift it) does not allow. It boots a small
 * guest with QEMU (2 vCPUs, 6 GiB; Debian's kernel; the host's root filesystem shared read-only over 9p under a
 * tmpfs overlay, so the guest runs this same node, checkout and embedded PostgreSQL), where root may raise
 * `ulimit -n` and the kernel's limits (bench/vm/init.sh), and runs the bench's own idle phase there at its full
 * target (bench/vm/guest.sh: `bench/run.ts --only=idle`). Prints the guest's figures and configuration and saves
 * them as bench/results/<time>-idle-vm.json, which `npm run bench` cites beside its own capped idle row.
 *
 * Accelerator: KVM when /dev/kvm offers hardware virtualisation (vmx/svm); otherwise QEMU's TCG, and the output says
 * why (BENCH_VM_ACCEL=kvm refuses to fall back, BENCH_VM_ACCEL=tcg forces TCG). Memory per socket does not depend
 * on the accelerator; hellos/s under TCG are not comparable with the host's.
 * Environment: BENCH_LOCK=<file> runs the guest under `flock <file>` (the image is built outside the lock);
 * BENCH_IDLE_SOCKETS=<n> a shorter try; BENCH_VM_MEMORY_MIB (6144); BENCH_VM_TIMEOUT_S (5400: under TCG here 100,000 sockets took 4,463 s in all, session 8).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { idleRows } from './phases/idle.ts';
import { REPO_ROOT } from './product.ts';
import { table } from './reports/table.ts';
import { log, SETTINGS } from './settings.ts';
import { ensureHostPackages, guestImage } from './vm/image.ts';
import { IDLE_VM_SUFFIX, idleVmRows, type IdleVmResult, type VmRun } from './vm/results.ts';

const VCPUS = 2;
const MEMORY_MIB = Number(process.env.BENCH_VM_MEMORY_MIB ?? 6144);
const TIMEOUT_S = Number(process.env.BENCH_VM_TIMEOUT_S ?? 5400);

/** KVM when it is hardware virtualisation, else TCG with the reason; BENCH_VM_ACCEL=kvm|tcg decides instead. */
export function chooseAccelerator(): { accelerator: 'kvm' | 'tcg'; note: string } {
  const wanted = process.env.BENCH_VM_ACCEL;
  if (wanted === 'tcg') return { accelerator: 'tcg', note: 'BENCH_VM_ACCEL=tcg' };
  const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
  const hardware = /^flags\s*:.*\b(vmx|svm)\b/m.test(cpuinfo);
  let why: string;
  if (!fs.existsSync('/dev/kvm'))
    why = 'no /dev/kvm (load kvm_intel or kvm_amd, or enable nested virtualisation for this VM)';
  else if (!hasAccess('/dev/kvm')) why = 'no read/write access to /dev/kvm (add this user to the kvm group)';
  else if (hardware) return { accelerator: 'kvm', note: 'KVM with hardware virtualisation' };
  else if (fs.existsSync('/sys/module/kvm_pvm'))
    why =
      "/dev/kvm here is kvm_pvm (the CPU shows no vmx/svm): it runs an unmodified kernel's privileged code through " +
      "KVM's instruction emulator, so Debian's kernel needs minutes to boot and stops on instructions the emulator " +
      'lacks (cmpxchg16b, xrstor); a PVM-built guest kernel would be needed';
  else why = 'the CPU shows no vmx/svm flag: /dev/kvm cannot run a guest with hardware virtualisation';
  if (wanted === 'kvm') throw new Error(`BENCH_VM_ACCEL=kvm, but KVM is not usable: ${why}`);
  return { accelerator: 'tcg', note: `QEMU TCG, not KVM: ${why}` };
}

function hasAccess(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.R_OK | fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function qemuArgs(accel: 'kvm' | 'tcg', image: ReturnType<typeof guestImage>, out: string): string[] {
  return [
    // TCG: a plain named model (AVX2, no AVX-512) rather than `max`, the least exotic path for V8's code.
    ...(accel === 'kvm'
      ? ['-enable-kvm', '-cpu', 'host']
      : ['-accel', 'tcg,thread=multi', '-cpu', 'Haswell-noTSX-IBRS,-invpcid,-spec-ctrl,-tsc-deadline']),
    ...['-smp', String(VCPUS), '-m', String(MEMORY_MIB)],
    ...['-display', 'none', '-monitor', 'none', '-serial', 'stdio', '-no-reboot', '-nic', 'none'],
    ...['-kernel', image.vmlinuz, '-initrd', image.initrd],
    '-virtfs',
    'local,path=/,mount_tag=host,security_model=none,readonly=on,multidevs=remap',
    '-virtfs',
    `local,path=${out},mount_tag=out,security_model=none`,
    '-append',
    `console=ttyS0 panic=-1 quiet loglevel=3 SHABAASH_GUEST=${path.join(REPO_ROOT, 'bench', 'vm', 'guest.sh')}`,
  ];
}

/** Runs the guest (under `flock $BENCH_LOCK` when set), echoing its console; resolves when QEMU exits. */
function runGuest(
  qemuArgv: string[],
  out: string,
): Promise<{ code: number | null; bootSeconds: number | null }> {
  const lock = process.env.BENCH_LOCK;
  const [cmd, args] = lock
    ? ['flock', [lock, 'qemu-system-x86_64', ...qemuArgv]]
    : ['qemu-system-x86_64', qemuArgv];
  if (lock) log(`waiting for ${lock}…`);
  // Its own process group: on a timeout or Ctrl-C, QEMU goes with flock.
  const child = spawn(cmd as string, args as string[], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const console_ = fs.createWriteStream(path.join(out, 'console.log'));
  const t0 = performance.now();
  let bootSeconds: number | null = null;
  child.stdout.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    if (bootSeconds === null && text.includes('guest: ')) bootSeconds = (performance.now() - t0) / 1000;
    console_.write(chunk);
    process.stdout.write(text.replace(/\r/g, ''));
  });
  const kill = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone
    }
  };
  const timer = setTimeout(() => {
    log(`the guest is still running after ${TIMEOUT_S} s: stopping QEMU`);
    kill();
  }, TIMEOUT_S * 1000);
  process.once('SIGINT', () => {
    kill();
    process.exit(130);
  });
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      console_.end();
      resolve({ code, bootSeconds });
    }),
  );
}

function guestInfo(out: string): Record<string, string> {
  const file = path.join(out, 'guest.txt');
  if (!fs.existsSync(file)) return {};
  return Object.fromEntries(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const { accelerator, note } = chooseAccelerator();
  log(`accelerator: ${note}`);
  const qemu = ensureHostPackages();
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-idle-vm-'));
  let keep = false; // a failed run's console and initramfs stay for a look
  try {
    const image = guestImage(out);
    log(
      `${qemu}; booting ${image.kernelPackage} with ${VCPUS} vCPUs, ${MEMORY_MIB} MiB; the guest opens ${SETTINGS.idleSockets} idle sockets`,
    );
    const guestEnv = `BENCH_HARD_LIMIT_MS=${(TIMEOUT_S - 60) * 1000}`;
    const argv = qemuArgs(accelerator, image, out);
    // The guest inherits no environment: hand it the watchdog and an optional socket count on its command line.
    const append = argv.length - 1;
    argv[append] +=
      ` ${guestEnv}${process.env.BENCH_IDLE_SOCKETS ? ` BENCH_IDLE_SOCKETS=${SETTINGS.idleSockets}` : ''}`;
    const started = performance.now();
    let { code, bootSeconds } = await runGuest(argv, out);
    const early = performance.now() - started < 300_000;
    if (early && !fs.readdirSync(out).some((f) => f.endsWith('.json'))) {
      // Under TCG, node died once at start-up with a segmentation fault (not reproduced in 8 later starts): one retry when it fails within 5 minutes.
      log(`the guest saved no results (QEMU exit ${code}); booting it once more`);
      ({ code, bootSeconds } = await runGuest(argv, out));
    }
    const status = fs.existsSync(path.join(out, 'exit-status'))
      ? fs.readFileSync(path.join(out, 'exit-status'), 'utf8').trim()
      : null;
    const json = fs.readdirSync(out).find((f) => f.endsWith('.json'));
    if (!json) {
      keep = true;
      throw new Error(
        `the guest saved no results (QEMU exit ${code}, guest exit ${status ?? 'unknown'}); its console: ${path.join(out, 'console.log')}`,
      );
    }
    const vm: VmRun = {
      accelerator,
      acceleratorNote: note,
      qemu,
      kernelPackage: image.kernelPackage,
      vcpus: VCPUS,
      memoryMiB: MEMORY_MIB,
      guest: guestInfo(out),
      bootSeconds: bootSeconds === null ? null : Math.round(bootSeconds * 10) / 10,
      wallSeconds: Math.round((performance.now() - t0) / 1000),
    };
    const result = {
      ...JSON.parse(fs.readFileSync(path.join(out, json), 'utf8')),
      command: 'npm run bench:idle-vm',
      vm,
    };
    const dir = path.join(REPO_ROOT, 'bench', 'results');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${String(result.takenAt).replace(/[:.]/g, '-')}${IDLE_VM_SUFFIX}`);
    fs.writeFileSync(file, JSON.stringify(result, null, 2));
    printSummary(path.relative(REPO_ROOT, file), result as IdleVmResult);
    if (status !== '0') process.exitCode = 1;
  } finally {
    if (!keep) fs.rmSync(out, { recursive: true, force: true });
  }
}

function printSummary(file: string, r: IdleVmResult): void {
  const g = r.vm.guest;
  const header = [
    `Shabaash idle sockets in a VM — ${r.takenAt} — command: npm run bench:idle-vm`,
    `Host: ${os.availableParallelism()} CPUs, ${os.type()} ${os.release()}, ulimit -n ${spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim()} (hard); accelerator: ${r.vm.acceleratorNote}`,
    `Guest: ${g.kernel ?? r.vm.kernelPackage}, ${g.cpus ?? r.vm.vcpus} vCPUs, ${g.memory ?? `${r.vm.memoryMiB} MiB`}; ${r.vm.qemu}; booted to its init in ${r.vm.bootSeconds ?? '?'} s, ${r.vm.wallSeconds} s in all`,
    `Guest limits: ulimit -n ${g.ulimit_n ?? '?'}; ${Object.entries(g)
      .filter(([k]) => k.startsWith('sysctl_'))
      .map(([k, v]) => `${k.slice('sysctl_'.length)} ${v}`)
      .join('; ')}`,
  ];
  console.log(
    `\n${header.join('\n')}\n\n${table([['Measure', 'Value', 'Detail'], ...idleRows(r.memory), ...idleVmRows({ file, result: r }).slice(1)])}\n`,
  );
  console.log(`JSON: ${file}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { REPO_ROOT } from '../product.ts';
import { log } from '../settings.ts';

/**
 * What the guest of `npm run bench:idle-vm` boots (bench/idleVm.ts): Debian's own kernel (`linux-image-amd64`,
 * fetched with `apt-get download` into a cache outside the repository) and a small initramfs built here from
 * Debian's static busybox, the kernel's 9p and overlay modules, and bench/vm/init.sh. Everything else the guest runs
 * (node, the checkout, the embedded PostgreSQL binaries) is the host's own root filesystem, shared read-only over
 * 9p. Nothing downloaded is committed.
 */
export interface GuestImage {
  kernelPackage: string;
  vmlinuz: string;
  initrd: string;
}

const CACHE = path.join(os.homedir(), '.cache', 'shabaash-bench-vm');
const QEMU = 'qemu-system-x86_64';
const BUSYBOX = '/bin/busybox';
/** The modules init.sh needs (their dependencies come along): the 9p root, the tmpfs overlay, virtio PCI. */
const MODULES = ['virtio_pci', '9pnet_virtio', '9p', 'overlay'];
const APPLETS = ['sh', 'mount', 'insmod', 'mkdir', 'ip', 'echo', 'chroot', 'poweroff', 'sync', 'cat'];

function run(cmd: string, args: string[], cwd?: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr || r.error?.message || r.status}`);
  return r.stdout;
}

let aptUpdated = false;
function aptInstall(packages: string[]): void {
  log(`installing ${packages.join(', ')} (apt-get install -y)…`);
  if (!aptUpdated) run('apt-get', ['update', '-qq']);
  aptUpdated = true;
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages]);
}

const installed = (pkg: string) =>
  spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout.includes('ok installed');

/** qemu-system-x86_64 and a static busybox, installed with apt-get when missing. */
export function ensureHostPackages(): string {
  const missing = [
    ...(spawnSync(QEMU, ['--version']).status === 0 ? [] : ['qemu-system-x86']),
    ...(installed('busybox-static') ? [] : ['busybox-static']),
  ];
  if (missing.length > 0) {
    try {
      aptInstall(missing);
    } catch (err) {
      throw new Error(
        `bench:idle-vm needs ${missing.join(' and ')} (Debian packages) and could not install them: ${String(err)}`,
      );
    }
  }
  return run(QEMU, ['--version']).split('\n')[0]!;
}

/** Debian's current kernel package (what `linux-image-amd64` depends on), unpacked into the cache. */
function ensureKernel(): { pkg: string; root: string } {
  const depends = () =>
    /Depends: (linux-image-[\w.+-]+)/.exec(run('apt-cache', ['depends', 'linux-image-amd64']));
  let m = depends();
  if (!m) {
    run('apt-get', ['update', '-qq']);
    aptUpdated = true;
    m = depends();
  }
  if (!m?.[1]) throw new Error('apt-cache knows no linux-image-amd64: is a Debian package mirror reachable?');
  const pkg = m[1];
  const root = path.join(CACHE, pkg);
  if (!fs.existsSync(path.join(root, 'boot'))) {
    log(`fetching Debian's kernel ${pkg} (apt-get download) into ${CACHE}…`);
    fs.mkdirSync(CACHE, { recursive: true });
    run('apt-get', ['download', pkg], CACHE);
    const deb = fs.readdirSync(CACHE).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
    if (!deb) throw new Error(`apt-get download ${pkg} left no .deb in ${CACHE}`);
    run('dpkg-deb', ['-x', deb, root], CACHE);
    fs.rmSync(path.join(CACHE, deb));
  }
  return { pkg, root };
}

/** The kernel modules `wanted` needs, dependencies first, with their bytes (Debian may xz-compress them). */
function modulesInOrder(kernelDir: string, wanted: string[]): Array<{ name: string; data: Buffer }> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.ko(\.xz)?$/.test(e.name))
        files.set(e.name.replace(/\.ko(\.xz)?$/, '').replace(/-/g, '_'), p);
    }
  };
  walk(kernelDir);
  const bytes = (file: string) =>
    file.endsWith('.xz')
      ? spawnSync('xz', ['-dc', file], { maxBuffer: 64 * 1024 * 1024 }).stdout
      : fs.readFileSync(file);
  const order: Array<{ name: string; data: Buffer }> = [];
  const visit = (name: string) => {
    const file = files.get(name);
    if (!file || order.some((m) => m.name === name)) return; // built into the kernel, or already listed
    const data = bytes(file);
    const deps = /depends=([^\0]*)\0/.exec(data.toString('latin1'))?.[1] ?? '';
    for (const dep of deps.split(',').filter(Boolean)) visit(dep.replace(/-/g, '_'));
    order.push({ name, data });
  };
  wanted.forEach(visit);
  return order;
}

/** A gzip'd newc cpio archive (what the kernel unpacks as its initramfs). */
function cpio(entries: Array<{ name: string; mode: number; data?: Buffer }>): Buffer {
  const parts: Buffer[] = [];
  const pad = (n: number) => Buffer.alloc((4 - (n % 4)) % 4);
  const add = (name: string, mode: number, data: Buffer, ino: number) => {
    const fields = [ino, mode, 0, 0, 1, 0, data.length, 0, 0, 0, 0, name.length + 1, 0];
    const header = Buffer.from(
      `070701${fields.map((f) => f.toString(16).padStart(8, '0')).join('')}${name}\0`,
    );
    parts.push(header, pad(header.length), data, pad(data.length));
  };
  entries.forEach((e, i) => add(e.name, e.mode, e.data ?? Buffer.alloc(0), i + 1));
  add('TRAILER!!!', 0, Buffer.alloc(0), 0);
  return zlib.gzipSync(Buffer.concat(parts), { level: 1 });
}

/** The kernel (cached) and a fresh initramfs in `dir`. */
export function guestImage(dir: string): GuestImage {
  const kernel = ensureKernel();
  const vmlinuz = fs.readdirSync(path.join(kernel.root, 'boot')).find((f) => f.startsWith('vmlinuz-'));
  const version = fs.readdirSync(path.join(kernel.root, 'lib', 'modules'))[0];
  if (!vmlinuz || !version) throw new Error(`${kernel.pkg} has no vmlinuz or modules`);
  const modules = modulesInOrder(path.join(kernel.root, 'lib', 'modules', version), MODULES);
  const dirMode = 0o40755;
  const entries = [
    ...['bin', 'dev', 'proc', 'sys', 'modules', 'host', 'rw'].map((name) => ({ name, mode: dirMode })),
    { name: 'bin/busybox', mode: 0o100755, data: fs.readFileSync(BUSYBOX) },
    ...APPLETS.map((a) => ({ name: `bin/${a}`, mode: 0o120777, data: Buffer.from('busybox') })),
    { name: 'init', mode: 0o100755, data: fs.readFileSync(path.join(REPO_ROOT, 'bench', 'vm', 'init.sh')) },
    ...modules.map((m) => ({ name: `modules/${m.name}.ko`, mode: 0o100644, data: m.data })),
    { name: 'modules/order', mode: 0o100644, data: Buffer.from(modules.map((m) => `${m.name}\n`).join('')) },
  ];
  const initrd = path.join(dir, 'initrd.gz');
  fs.writeFileSync(initrd, cpio(entries));
  return { kernelPackage: kernel.pkg, vmlinuz: path.join(kernel.root, 'boot', vmlinuz), initrd };
}

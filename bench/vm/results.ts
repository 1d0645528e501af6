import fs from 'node:fs';
import path from 'node:path';
import type { IdleMemory } from '../phases/idle.ts';
import { REPO_ROOT } from '../product.ts';
import type { Row } from '../reports/table.ts';
import { fmt, MiB } from '../settings.ts';

/** How `npm run bench:idle-vm` ran its guest (bench/idleVm.ts), saved beside the guest's own results. */
export interface VmRun {
  accelerator: 'kvm' | 'tcg';
  /** Why this accelerator (e.g. why not KVM on this machine). */
  acceleratorNote: string;
  qemu: string;
  kernelPackage: string;
  vcpus: number;
  memoryMiB: number;
  /** What the guest reported: kernel, CPUs, memory, `ulimit -n`, sysctls (bench/vm/guest.sh). */
  guest: Record<string, string>;
  bootSeconds: number | null;
  wallSeconds: number;
}

/** The fields of a saved `npm run bench:idle-vm` result that the host's report reads. */
export interface IdleVmResult {
  takenAt: string;
  memory?: IdleMemory;
  vm: VmRun;
}

export const IDLE_VM_SUFFIX = '-idle-vm.json';
const RESULTS = path.join(REPO_ROOT, 'bench', 'results');

/** The newest saved `npm run bench:idle-vm` result on this machine, or null. */
export function latestIdleVm(): { file: string; result: IdleVmResult } | null {
  const files = fs.existsSync(RESULTS)
    ? fs.readdirSync(RESULTS).filter((f) => f.endsWith(IDLE_VM_SUFFIX))
    : [];
  const newest = files.sort().at(-1);
  if (!newest) return null;
  const file = path.join(RESULTS, newest);
  try {
    return {
      file: path.relative(REPO_ROOT, file),
      result: JSON.parse(fs.readFileSync(file, 'utf8')) as IdleVmResult,
    };
  } catch {
    return null;
  }
}

/** The guest's figures as report rows: the sockets held, RSS and heap per socket, hellos/s, and where they ran. */
export function idleVmRows(run: { file: string; result: IdleVmResult }): Row[] {
  const { memory: m, vm, takenAt } = run.result;
  const where = `a ${vm.accelerator === 'kvm' ? 'KVM' : 'QEMU TCG (software-emulated)'} guest on this machine (${vm.guest.kernel ?? vm.kernelPackage}, ${vm.vcpus} vCPUs, ${fmt(vm.memoryMiB / 1024, 1)} GiB, ulimit -n ${vm.guest.ulimit_n ?? '?'})`;
  if (!m)
    return [['API RSS, 100,000 idle sockets in a VM', 'not measured', `${run.file}: the guest's run failed`]];
  const kib = (bytes: number | null) => (bytes === null ? 'n/a' : `${fmt(bytes / 1024, 1)} KiB`);
  return [
    [
      `API RSS with ${fmt(m.open)} idle sockets, measured in a VM`,
      m.rssBefore && m.rssAfter ? `${fmt(m.rssBefore / MiB)} → ${fmt(m.rssAfter / MiB)} MiB` : 'n/a',
      `npm run bench:idle-vm at ${takenAt} (${run.file}): ${fmt(m.open)}/${fmt(m.requested)} sockets hello'd in ${where}; per socket RSS / V8 heap ${kib(m.perSocketBytes)} / ${kib(m.perSocketHeapBytes)}; target 100,000 in < 1 GiB`,
    ],
    [
      '  hellos/s in that VM',
      fmt(m.open / (m.openMs / 1000)),
      vm.accelerator === 'kvm'
        ? 'same cores, guest kernel under KVM'
        : "not comparable with this machine's: every instruction of the guest runs through QEMU's binary translator",
    ],
  ];
}

#!/bin/sh
# Runs inside the guest of `npm run bench:idle-vm` (bench/idleVm.ts), as root with every capability, on the host's
# project checkout (read-only, under a tmpfs overlay): raises the open-file limit above 100,000 sockets per process
# and runs the bench's own idle phase (bench/run.ts --only=idle) at its full target. Results and the guest's
# configuration go to /run/shabaash-vm, the host's output directory.
set -e
out=/run/shabaash-vm
cd "$(dirname "$0")/../.."
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root
ulimit -n 300000
{
  echo "kernel=$(uname -sr)"
  echo "cpus=$(nproc)"
  echo "memory=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)"
  echo "ulimit_n=$(ulimit -n)"
  for k in fs/nr_open fs/file-max net/ipv4/ip_local_port_range net/core/somaxconn net/ipv4/tcp_max_syn_backlog; do
    echo "sysctl_$(echo "$k" | tr / .)=$(cat /proc/sys/$k | tr '\t' ' ')"
  done
} > "$out/guest.txt"
echo "guest: $(uname -sr), $(nproc) CPUs, ulimit -n $(ulimit -n); bench/run.ts --only=idle"
# Under QEMU's TCG everything runs ~15-20 times slower than on the host: the product's start-up gets more time,
# and fewer hellos wait at once (at ~55 hellos/s, 500 in flight made the slowest miss the phase's 15 s deadline).
export AUTH_EMULATOR_START_TIMEOUT_MS=600000 PRODUCT_START_TIMEOUT_MS=900000 BENCH_IDLE_BATCH=${BENCH_IDLE_BATCH:-100}
# Pinging every socket each 15 s costs ~20 times the host's CPU here: at 55,591 sockets (session 5) the pings alone
# held both emulated CPUs and hellos fell to 18/s. The idle phase measures memory, which the interval does not change.
export WS_HEARTBEAT_MS=${WS_HEARTBEAT_MS:-600000}
# Closing 100,000 sockets takes minutes here too: stop opening 5 minutes before the watchdog.
export BENCH_IDLE_RESERVE_MS=${BENCH_IDLE_RESERVE_MS:-300000}
BENCH_RESULTS_DIR="$out" node --import tsx bench/run.ts --only=idle

#!/bin/sh
# /init of the guest of `npm run bench:idle-vm` (bench/idleVm.ts), run by busybox from the initramfs that
# bench/vm/image.ts builds. It loads the 9p and overlay modules listed in /modules/order, mounts the host's root
# filesystem (9p tag "host", read-only) under a tmpfs overlay (the guest writes its database and temp files to RAM,
# never to the host), mounts the host's output directory (9p tag "out", read-write) at /run/shabaash-vm, raises
# the kernel's limits for 100,000 sockets, and runs $SHABAASH_GUEST (bench/vm/guest.sh of the checkout) in it.
# The kernel hands unknown `NAME=value` boot parameters to init as environment variables: SHABAASH_GUEST is one.
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
while read -r m; do insmod "/modules/$m.ko" || echo "guest: insmod $m failed"; done < /modules/order
mkdir -p /host /rw /root
mount -t 9p -o trans=virtio,version=9p2000.L,ro,msize=512000,cache=loose host /host || echo "guest: 9p mount of the host root failed"
mount -t tmpfs -o size=75% rw /rw
mkdir -p /rw/upper /rw/work
mount -t overlay -o lowerdir=/host,upperdir=/rw/upper,workdir=/rw/work overlay /root || echo "guest: overlay mount failed"
# The host's own /proc, /sys, /dev, /tmp and /run are not the guest's.
mount -t proc proc /root/proc
mount -t sysfs sys /root/sys
mount --move /dev /root/dev
mkdir -p /root/dev/pts && mount -t devpts devpts /root/dev/pts
mount -t tmpfs tmp /root/tmp
mount -t tmpfs run /root/run
mkdir -p /root/run/shabaash-vm
mount -t 9p -o trans=virtio,version=9p2000.L,rw,msize=512000 out /root/run/shabaash-vm || echo "guest: 9p mount of the output dir failed"
ip link set lo up
# 100,000 sockets in one process (and as many in the load generator): descriptors, ports, backlogs.
echo 1048576 > /proc/sys/fs/nr_open
echo 2000000 > /proc/sys/fs/file-max
echo "1024 65535" > /proc/sys/net/ipv4/ip_local_port_range
echo 65535 > /proc/sys/net/core/somaxconn
echo 65535 > /proc/sys/net/ipv4/tcp_max_syn_backlog
chroot /root /bin/sh "$SHABAASH_GUEST"
echo "$?" > /root/run/shabaash-vm/exit-status
sync
poweroff -f

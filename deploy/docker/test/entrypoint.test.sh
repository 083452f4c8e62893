#!/usr/bin/env bash
# The image's entrypoint (deploy/docker/entrypoint.sh) starts the right program for each of the
# four roles, in the application directory, replacing itself (so node gets the signals), and
# refuses anything else with exit status 64 and a message naming what it expects. A stand-in
# `node` on PATH reports how it was started.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/app/deploy/docker" "$work/bin"
cp "$here/../entrypoint.sh" "$work/app/deploy/docker/entrypoint.sh"
entrypoint="$work/app/deploy/docker/entrypoint.sh"
cat >"$work/bin/node" <<'EOF'
#!/bin/sh
echo "pid=$$ cwd=$PWD role=${APP_ROLE-unset} args=$*"
EOF
chmod 755 "$work/bin/node"
app_dir=$(cd "$work/app" && pwd -P)

failures=0
check() {
  local description=$1 expected=$2 actual=$3
  if [ "$actual" == "$expected" ]; then
    echo "ok   $description"
  else
    echo "FAIL $description"
    echo "     expected: $expected"
    echo "     actual:   $actual"
    failures=$((failures + 1))
  fi
}

# Runs the entrypoint from / in the background; prints "launched=<pid>", then its output.
run() {
  (
    cd /
    env PATH="$work/bin:/usr/bin:/bin" "$@" &
    echo "launched=$!"
    wait
  )
}

for role in api worker all; do
  output=$(run "$entrypoint" "$role")
  launched=$(sed -n 's/^launched=//p' <<<"$output")
  check "$role runs the server with APP_ROLE=$role in the application directory" \
    "pid=$launched cwd=$app_dir role=$role args=dist/apps/api/main.js" "$(grep '^pid=' <<<"$output")"
done

output=$(run "$entrypoint" migrate)
launched=$(sed -n 's/^launched=//p' <<<"$output")
check "migrate runs the migrations and nothing else" \
  "pid=$launched cwd=$app_dir role=unset args=dist/apps/api/migrate.js" "$(grep '^pid=' <<<"$output")"

output=$(run env APP_ROLE=worker "$entrypoint" api)
check "the argument wins over an APP_ROLE already set" "role=api" "$(grep -o 'role=[a-z]*' <<<"$output")"

# Refused: status 64, a message on stderr, node never started.
refuse() {
  local description=$1 message=$2
  shift 2
  local status=0 stdout stderr
  stdout=$(env PATH="$work/bin:/usr/bin:/bin" "$entrypoint" "$@" 2>"$work/stderr") || status=$?
  stderr=$(cat "$work/stderr")
  check "$description: exit status 64" 64 "$status"
  check "$description: node is not started" "" "$stdout"
  check "$description: the message" "$message" "$stderr"
}
expects='expected one of: api, worker, all, migrate'
refuse "an unknown role" "clearroom: unknown role \"sh\" ($expects)" sh
refuse "a role in capitals" "clearroom: unknown role \"API\" ($expects)" API
refuse "an empty role" "clearroom: unknown role \"\" ($expects)" ''
refuse "no role" "clearroom: the container takes exactly one argument, the role ($expects); got 0"
refuse "two roles" \
  "clearroom: the container takes exactly one argument, the role ($expects); got 2" api worker

if [ "$failures" -gt 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "entrypoint.sh: all checks passed"

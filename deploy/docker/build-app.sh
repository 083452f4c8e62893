#!/bin/sh
# Builds the API and the web app in the current source tree (its dependencies installed) and
# assembles what the image runs into OUT: the built code, the package manifests the production
# install needs, and the entrypoint. The Dockerfile's build stage and verify.sh both run this.
# Usage: deploy/docker/build-app.sh OUT
set -eu

if [ "$#" -ne 1 ]; then
  echo "usage: $0 OUT (an empty or missing directory)" >&2
  exit 64
fi
out=$1

npx nx run-many -t build -p api web --output-style=static --skip-nx-cache

mkdir -p "$out/libs/contracts" "$out/dist/apps" "$out/deploy/docker"
cp package.json package-lock.json .npmrc "$out/"
cp libs/contracts/package.json "$out/libs/contracts/"
cp -R libs/contracts/dist "$out/libs/contracts/dist"
cp -R dist/apps/api dist/apps/web "$out/dist/apps/"
cp deploy/docker/entrypoint.sh "$out/deploy/docker/"
# Source maps stay in the image: stack traces in the logs then name the TypeScript lines.

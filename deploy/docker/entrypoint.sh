#!/bin/sh
# The image's entrypoint: starts Clearroom in the role named by its one argument.
#   api | worker | all   serves HTTP and/or analyses documents (sets APP_ROLE)
#   migrate              applies pending database migrations and exits (a Helm hook, a Job)
# Node replaces this shell (exec), so it receives the container's signals itself.
set -eu

usage='expected one of: api, worker, all, migrate'
app_dir=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)

if [ "$#" -ne 1 ]; then
  echo "clearroom: the container takes exactly one argument, the role ($usage); got $#" >&2
  exit 64
fi

cd "$app_dir"
case "$1" in
  api | worker | all)
    APP_ROLE=$1
    export APP_ROLE
    exec node dist/apps/api/main.js
    ;;
  migrate)
    exec node dist/apps/api/migrate.js
    ;;
  *)
    echo "clearroom: unknown role \"$1\" ($usage)" >&2
    exit 64
    ;;
esac

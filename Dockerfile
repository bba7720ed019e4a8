# Bashni Bot: production image. Node 20 on Debian (glibc: @napi-rs/canvas ships prebuilt
# linux-x64-gnu / linux-arm64-gnu binaries in its npm packages, so no compiler is needed).
FROM node:20-bookworm-slim

WORKDIR /app
ENV NODE_ENV=production

# Dependencies first, for layer caching. tsx is a runtime dependency: TypeScript runs as is.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

COPY tsconfig.json ./
COPY src ./src
COPY assets ./assets

USER node
EXPOSE 8080
# Configuration comes from the environment (see .env.example; .env is not copied into the
# image: pass it with --env-file). With TELEGRAM_BOT_TOKEN this runs the bot; it waits up to
# STARTUP_TIMEOUT_SECONDS for the Bot API and Redis, then exits 1 (to wait without limit, make
# the command `node --import tsx src/main.ts --wait`). Without a token it plays in the terminal
# under `docker run -it`, and otherwise exits 2 saying what is missing. Boards are drawn and the
# bot's moves searched on worker threads (RENDER_THREADS, AI_THREADS).
CMD ["node", "--import", "tsx", "src/main.ts"]

# Switchboard: the API server (run from its TypeScript source under tsx, decision 001) serving
# the built web app. Build: docker build -t switchboard . — run: see compose.yaml and README "Deploy".

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: every workspace's dependencies, then the web app (Vite) --------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so a source change does not re-run npm ci.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/sandbox/package.json apps/sandbox/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: the server's production dependencies, its source, the built web app ----------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/sandbox/package.json apps/sandbox/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# Only the server workspace's production dependencies (with the shared and sandbox workspaces
# it depends on): no Vite, React or playwright-core in the image.
RUN npm ci --omit=dev --no-audit --no-fund -w apps/server \
 && npm cache clean --force
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/sandbox apps/sandbox
COPY apps/server apps/server
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR: the sandbox platform's anchor file, or the embedded database when DATABASE_URL is
# unset (then mount a volume here and run one container).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]

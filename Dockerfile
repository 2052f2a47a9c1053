# Switchboard: the built API server (plain JavaScript bundled by esbuild, decision 047) serving
# the built web app, on Node.js 24 LTS.
#   docker build -t switchboard .                                  production: a platform key
#   docker build -t switchboard-demo --build-arg WITH_SANDBOX=true .    with the sandbox platform
# Run: see compose.yaml and README "Deploy".

# Pinned to a release; bump deliberately (the CI suite runs on the same 24.x line).
ARG NODE_IMAGE=node:24.22.3-bookworm-slim

# ---- manifests: what npm ci reads (the root's and every workspace's), for both stages below ----
FROM scratch AS manifests
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/sandbox/package.json apps/sandbox/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/

# ---- build: every workspace's dependencies, then the web app (Vite) and the server bundle ----
FROM ${NODE_IMAGE} AS build
ARG WITH_SANDBOX=false
WORKDIR /app
# The manifests first, so a source change does not re-run npm ci. .npmrc: no install scripts.
COPY --from=manifests / ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# What the runtime takes, in one folder: the server bundle (with its migrations), the web app,
# and the sandbox bundle with its platform document only when asked for.
RUN mkdir -p /out/apps/server /out/apps/web /out/apps/sandbox \
 && cp -r apps/server/dist /out/apps/server/dist \
 && cp -r apps/web/dist /out/apps/web/dist \
 && if [ "$WITH_SANDBOX" = "true" ]; then \
      cp -r apps/sandbox/dist /out/apps/sandbox/dist \
      && cp -r apps/sandbox/platform /out/apps/sandbox/platform; \
    fi

# ---- runtime: the server's production dependencies and the built files -----------------------
FROM ${NODE_IMAGE} AS runtime
ARG WITH_SANDBOX=false
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=manifests / ./
# Only the server's production dependencies: no TypeScript, tsx, Vite, React or playwright-core,
# and no faker unless the sandbox is built in (its own dependencies).
RUN if [ "$WITH_SANDBOX" = "true" ]; then workspaces="-w apps/server -w apps/sandbox"; \
    else workspaces="-w apps/server"; fi \
 && npm ci --omit=dev --no-audit --no-fund $workspaces \
 && npm cache clean --force
COPY --from=build /out/ ./
# DATA_DIR: the sandbox platform's anchor file, or the embedded database when DATABASE_URL is
# unset (then mount a volume here and run one container).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# The app drains in-flight requests on SIGTERM within SHUTDOWN_GRACE_SECONDS (compose gives it
# longer before it kills).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]

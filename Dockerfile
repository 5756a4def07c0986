# syntax=docker/dockerfile:1
# Heartline's production image (issue #41 §4, ADR 0020; docs/operations.md): the compiled server
# (apps/server/dist), its migrations, the built web app and the server's production node_modules,
# run by `node` as the unprivileged `node` user. No TypeScript source, tsx, TypeScript or esbuild.
#   docker build -t heartline .
ARG NODE_IMAGE=node:20.19-bookworm-slim

# 0. The workspace's package.json files and lock file, all `npm ci` needs (cached until they change).
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/

# 1. Build: every workspace's dependencies, then `npm run build` (web app + server).
FROM manifests AS build
RUN npm ci --no-audit
COPY . .
RUN npm run build

# 2. Production dependencies of the server workspace only (no web, test or build tooling).
#    --legacy-peer-deps: better-auth names drizzle-kit, vitest, react… as optional peers, and npm would
#    install every one found in the lock file (tsx and esbuild with drizzle-kit), --omit=dev or not.
FROM manifests AS deps
RUN npm ci --omit=dev --legacy-peer-deps --workspace @heartline/server --no-audit \
  && npm cache clean --force \
  && for tool in tsx typescript esbuild drizzle-kit vite vitest; do test ! -e "node_modules/$tool" || exit 1; done

# 3. Runtime: package.json files + node_modules from (2), compiled output from (1).
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server handles SIGTERM itself (closes sockets, lets Redis and the database go), also as PID 1.
CMD ["node", "--max-semi-space-size=64", "apps/server/dist/main.js"]

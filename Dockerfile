# The Suanni app: one image for gateways, workers and the migrate job (the command picks the role).
# Two stages: `build` installs every dependency (the dev ones transpile the server and build the
# console), runs `npm run build`, then drops the dev dependencies; the runtime stage gets only what
# the app reads at run time (test/deployment.test.ts checks this list against the code).

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages ./packages
COPY prisma ./prisma
COPY prisma.config.ts ./
COPY scripts ./scripts
COPY console ./console
COPY schema.graphql tsconfig.json ./
# postinstall generates the Prisma client (offline, no engine download) and builds the console.
RUN npm ci --no-audit --no-fund
COPY src ./src
COPY bin ./bin
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/bin ./bin
COPY --from=build /app/packages/clause-extraction/package.json ./packages/clause-extraction/package.json
COPY --from=build /app/packages/clause-extraction/dist ./packages/clause-extraction/dist
COPY --from=build /app/console/dist ./console/dist
COPY --from=build /app/prisma/schema.prisma ./prisma/schema.prisma
COPY --from=build /app/prisma/migrations ./prisma/migrations
COPY --from=build /app/schema.graphql ./schema.graphql
# The data folder (development secrets, an embedded cluster) is unused with DATABASE_URL but must be writable.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 4000
# Ready: the gateway answers /ready (200 with {"status":"ready"}) once its database answers.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js", "start", "--role", "all"]

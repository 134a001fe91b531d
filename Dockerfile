# The Suanni app: one image for gateways and workers (the command picks the role).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts ./
COPY scripts ./scripts
# The workspace packages (clause extraction): npm ci links them into node_modules.
COPY packages ./packages
# postinstall generates the Prisma client (offline, no engine download).
RUN npm ci
COPY tsconfig.json ./
COPY src ./src
COPY otel ./otel
# The data folder (development secrets, an embedded cluster) is unused with DATABASE_URL but must be writable.
RUN mkdir -p /app/.data && chown node:node /app/.data
EXPOSE 4000
USER node
CMD ["node", "--import", "tsx", "src/main.ts", "start", "--role", "all"]

# Production image: the API (with socket.io and, unless RUN_WORKERS=false, the job workers) and the built client.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
# Large buffers (the map's points, read in blobs of a few MB) go straight back to the system when freed:
# glibc's moving threshold otherwise strands about 60 MB of them in the heap (README, "Memory").
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data MALLOC_MMAP_THRESHOLD_=131072
COPY --from=build /app /app
VOLUME ["/data"]
EXPOSE 8080
CMD ["node", "--max-semi-space-size=4", "server/dist/main.js"]

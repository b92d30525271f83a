# syntax=docker/dockerfile:1
# Supervisor ≥ 2026.04 passes no BUILD_FROM without build.yaml, and older ones pass their own
# default; a separately named ARG keeps Alpine 3.22, and with it Node.js 22, on every Supervisor.
ARG BASE_IMAGE=ghcr.io/home-assistant/base:3.22

FROM ${BASE_IMAGE} AS build
WORKDIR /app
RUN apk add --no-cache nodejs npm
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
RUN npm ci --no-audit --no-fund
COPY scripts ./scripts
COPY src ./src
# Bundles src/ into dist/ (scripts/bundle.mjs); pino-pretty stays in node_modules, which the image keeps.
RUN npm run build && npm ci --omit=dev --no-audit --no-fund

FROM ${BASE_IMAGE}
# npm brings npx, which most published stdio MCP servers are started with.
RUN apk add --no-cache nodejs npm
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY rootfs /

ARG BUILD_ARCH
ARG BUILD_VERSION
LABEL \
    io.hass.name="MCP Assist Bridge" \
    io.hass.description="Assist conversation agent: LLM or local fast path, MCP tools, Z-Wave JS UI over MQTT" \
    io.hass.type="app" \
    io.hass.arch="${BUILD_ARCH}" \
    io.hass.version="${BUILD_VERSION}"

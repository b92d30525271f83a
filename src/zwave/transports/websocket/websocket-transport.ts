// The Z-Wave JS websocket server (the official Z-Wave JS add-on, or Z-Wave JS UI's server on port
// 3000) as a transport: the whole state from `start_listening`, kept current from its events, and
// writes through `node.set_value`.
import WebSocket from "ws";
import type { z } from "zod";
import type { Logger } from "../../../log.js";
import { createBackoff, type BackoffPolicy } from "../../../shared/backoff.js";
import { isObject } from "../../../shared/is-object.js";
import { withoutCredentials } from "../../../shared/redact.js";
import { ZwaveToolError, withMessage } from "../../errors.js";
import type { ValueId, ZwaveNode } from "../../model.js";
import { displayName } from "../../name-resolver.js";
import { SetValueStatus, wentOut, writeFailure } from "../../set-value-status.js";
import type { NodeListChange, ValueReport, ZwaveTransport } from "../../transport.js";
import { isSlowActuator } from "../../optimistic-echo.js";
import { createEchoByStampFilter } from "./echo-by-stamp.js";
import {
  pingResultSchema,
  pollResultSchema,
  resultSchema,
  setValueResultSchema,
  stateResultSchema,
  valueTimestampSchema,
  versionSchema,
} from "./messages.js";
import { createEventHandler } from "./events.js";
import { toNode } from "./node-state.js";

/**
 * The schema versions this client speaks: 32 gives errors with their message and endpoint-based
 * events; 50 is the newest it was tested against (@zwave-js/server 3.10).
 */
export const MIN_SCHEMA = 32;
export const MAX_SCHEMA = 50;

/** How long a tool waits for the very first connection before saying Z-Wave JS is offline. */
const FIRST_CONNECT_WAIT_MS = 3000;
/** zwave-js retries an unresponsive node 3 times (~1 s each) before a write fails. */
const COMMAND_TIMEOUT_MS = 15_000;
const RECONNECT: BackoffPolicy = { initialMs: 250, maxMs: 10_000 };
/** Close code @zwave-js/server uses when its driver is not ready. */
const DRIVER_NOT_READY = 1013;

interface PendingCommand {
  command: string;
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export interface WebsocketTransportOptions {
  url: string;
  logger: Logger;
}

/** A value id as @zwave-js/server takes it: no `propertyKey` key when there is none. */
function wireValueId(value: ValueId): Record<string, unknown> {
  const id: Record<string, unknown> = {
    commandClass: value.commandClass,
    endpoint: value.endpoint,
    property: value.property,
  };
  if (value.propertyKey !== undefined) id.propertyKey = value.propertyKey;
  return id;
}

/** zwave-js's status from a `set_value` answer; throws when the write did not go out. */
function sentStatus(
  result: z.ZodSafeParseResult<z.infer<typeof setValueResultSchema>>,
  commandName: string,
  who: string,
): { status: number } {
  if (!result.success)
    throw new ZwaveToolError("failed", `Z-Wave JS gave an unreadable answer to ${commandName}`);
  const { status, message } = result.data.result;
  if (!wentOut(status)) throw writeFailure(status, message, who);
  return { status };
}

export function createWebsocketTransport(options: WebsocketTransportOptions): ZwaveTransport {
  const { logger } = options;
  const where = withoutCredentials(options.url);
  const nodes = new Map<number, ZwaveNode>();
  const pending = new Map<string, PendingCommand>();
  const reportListeners = new Set<(report: ValueReport) => void>();
  const changeListeners = new Set<(change: NodeListChange) => void>();
  const changed = (change: NodeListChange) => changeListeners.forEach((listener) => listener(change));
  /** Whether a `start_listening` state has landed since the transport started. */
  let loaded = false;
  const readyWaiters = new Set<() => void>();
  let socket: WebSocket | undefined;
  let ready = false;
  /** The first connection attempt has ended one way or the other. */
  let firstAttemptOver = false;
  let closing = false;
  const backoff = createBackoff(RECONNECT);
  let retryTimer: NodeJS.Timeout | undefined;
  /** Why Z-Wave JS is not usable right now, in words for the user. */
  let problem = "not connected yet";
  let commandCounter = 0;
  let homeId: number | null = null;
  /** When zwave-js last stamped a value in its value DB (`node.get_value_timestamp`), if ever. */
  async function stampOf(nodeId: number, valueId: ValueId): Promise<number | undefined> {
    return stampOn(await requireReady(), nodeId, wireValueId(valueId));
  }
  async function stampOn(ws: WebSocket, nodeId: number, valueId: Record<string, unknown>) {
    const r = await command(ws, "node.get_value_timestamp", { nodeId, valueId });
    return valueTimestampSchema.parse(r).timestamp ?? undefined;
  }
  const echoes = createEchoByStampFilter({
    stampOf,
    recheck: async (nodeId, valueId) => {
      await command(await requireReady(), "node.poll_value", { nodeId, valueId: wireValueId(valueId) });
    },
  });
  const onEvent = createEventHandler({
    nodes,
    echoes,
    logger,
    report: (r) => reportListeners.forEach((listener) => listener(r)),
    changed,
  });

  function offline(): ZwaveToolError {
    return new ZwaveToolError("offline", `Z-Wave JS is offline (${problem})`);
  }

  function setReady(next: boolean): void {
    ready = next;
    if (next) firstAttemptOver = true;
    for (const wake of readyWaiters) wake();
  }

  function connect(): void {
    if (closing) return;
    // No permessage-deflate: ws offers it by default and Z-Wave JS's server takes it, so each
    // event and answer was compressed on one side and inflated on ours, between two containers on
    // one host: about a tenth of the worker's CPU per switched device went to zlib.
    const ws = new WebSocket(options.url, {
      handshakeTimeout: FIRST_CONNECT_WAIT_MS,
      perMessageDeflate: false,
    });
    socket = ws;
    ws.on("message", (data) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        logger.warn("Z-Wave JS sent a message that is not JSON; ignored");
        return;
      }
      onMessage(ws, parsed);
    });
    ws.on("close", (code, reason) => {
      if (socket !== ws) return;
      socket = undefined;
      const wasReady = ready;
      if (code === DRIVER_NOT_READY) problem = "its Z-Wave driver is not ready";
      else if (wasReady) problem = "the connection was lost; reconnecting";
      firstAttemptOver = true;
      setReady(false);
      echoes.reset();
      for (const call of pending.values())
        call.reject(
          new ZwaveToolError(
            "offline",
            `lost the connection to Z-Wave JS before it answered ${call.command}; it may not have reached the device`,
          ),
        );
      if (closing) return;
      if (wasReady)
        logger.warn({ server: where, code, reason: reason.toString() }, "lost Z-Wave JS; reconnecting");
      scheduleReconnect();
    });
    ws.on("error", (err) => {
      problem = `cannot reach its server at ${where}: ${err.message}`;
      logger.debug({ server: where, err: err.message }, "Z-Wave JS connection error");
    });
  }

  function scheduleReconnect(): void {
    const delay = backoff.next();
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, delay);
    retryTimer.unref();
  }

  function onMessage(ws: WebSocket, message: unknown): void {
    const type = (message as { type?: unknown } | null)?.type;
    if (type === "version") void handshake(ws, message);
    else if (type === "result") onResult(message);
    else if (type === "event") onEvent(message);
  }

  async function handshake(ws: WebSocket, message: unknown): Promise<void> {
    const version = versionSchema.safeParse(message);
    if (!version.success) {
      problem = "its server sent a version message this add-on cannot read";
      ws.close();
      return;
    }
    const v = version.data;
    if (v.maxSchemaVersion < MIN_SCHEMA || v.minSchemaVersion > MAX_SCHEMA) {
      problem =
        v.maxSchemaVersion < MIN_SCHEMA
          ? `its server ${v.serverVersion} is too old: it speaks API schema up to ${v.maxSchemaVersion}, this add-on needs ${MIN_SCHEMA} or newer; update the Z-Wave JS add-on`
          : `its server ${v.serverVersion} is too new: it needs API schema ${v.minSchemaVersion} or newer, this add-on speaks up to ${MAX_SCHEMA}`;
      logger.error({ server: where, serverVersion: v.serverVersion }, problem);
      ws.close();
      return;
    }
    const schemaVersion = Math.min(MAX_SCHEMA, v.maxSchemaVersion);
    try {
      await command(ws, "set_api_schema", { schemaVersion });
      await loadState(ws);
      backoff.reset();
      logger.info(
        { server: where, serverVersion: v.serverVersion, driverVersion: v.driverVersion, schemaVersion },
        "connected to Z-Wave JS",
      );
    } catch (err) {
      // A connection that closed meanwhile has already said why.
      if (socket !== ws) return;
      problem = err instanceof Error ? err.message : String(err);
      logger.warn({ server: where, err: problem }, "Z-Wave JS handshake failed");
      ws.close();
    }
  }

  /** `start_listening` returns the full state and turns on events from then on. */
  async function loadState(ws: WebSocket): Promise<void> {
    const parsed = stateResultSchema.safeParse(await command(ws, "start_listening", {}));
    if (!parsed.success) throw new Error("Z-Wave JS sent a state this add-on cannot read");
    nodes.clear();
    homeId = parsed.data.state.controller?.homeId ?? homeId;
    for (const state of parsed.data.state.nodes) nodes.set(state.nodeId, toNode(state));
    loaded = true;
    setReady(true);
    changed({ all: true });
    logger.debug({ nodes: nodes.size }, "Z-Wave JS state loaded");
  }

  function command(ws: WebSocket, name: string, args: Record<string, unknown>): Promise<unknown> {
    // The server answers a command on the connection that sent it, and only there
    // (@zwave-js/server `Client.sendResultSuccess`), so the count alone keeps the ids apart.
    const messageId = `${name}-${++commandCounter}`;
    return new Promise((resolve, reject) => {
      const call: PendingCommand = {
        command: name,
        resolve: (r) => {
          clearTimeout(call.timer);
          pending.delete(messageId);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(call.timer);
          pending.delete(messageId);
          reject(e);
        },
        timer: setTimeout(
          () =>
            call.reject(
              new ZwaveToolError(
                "offline",
                `Z-Wave JS did not answer ${name} within ${COMMAND_TIMEOUT_MS / 1000} s`,
              ),
            ),
          COMMAND_TIMEOUT_MS,
        ),
      };
      pending.set(messageId, call);
      ws.send(JSON.stringify({ ...args, messageId, command: name }), (err) => {
        if (err)
          call.reject(
            new ZwaveToolError("offline", `Z-Wave JS is offline (${err.message}); nothing was sent`),
          );
      });
    });
  }

  function onResult(message: unknown): void {
    // The answer's id first: one to a command given up (timed out) is not read at all.
    const id = isObject(message) ? message.messageId : undefined;
    const call = typeof id === "string" ? pending.get(id) : undefined;
    if (!call) return;
    const parsed = resultSchema.safeParse(message);
    if (!parsed.success)
      return call.reject(
        new ZwaveToolError("failed", `Z-Wave JS gave an unreadable answer to ${call.command}`),
      );
    const r = parsed.data;
    if (r.success) call.resolve(r.result);
    else {
      const why = r.zwaveErrorMessage ?? r.message ?? r.errorCode ?? "no reason given";
      call.reject(new ZwaveToolError("failed", `Z-Wave JS refused ${call.command}: ${why}`));
    }
  }

  /** Waits (bounded) for the first connection attempt to end, then requires a connection up now. */
  async function requireReady(): Promise<WebSocket> {
    if (!firstAttemptOver && !closing) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, FIRST_CONNECT_WAIT_MS);
        function done() {
          clearTimeout(timer);
          readyWaiters.delete(done);
          resolve();
        }
        readyWaiters.add(done);
      });
    }
    if (!ready || !socket || socket.readyState !== WebSocket.OPEN) throw offline();
    return socket;
  }

  connect();

  return {
    serverName: "Z-Wave JS",
    get homeId() {
      return homeId;
    },
    async nodes() {
      await requireReady();
      return [...nodes.values()];
    },
    async refresh() {
      await loadState(await requireReady());
      return [...nodes.values()];
    },
    async write(node, value, payload) {
      let ws: WebSocket;
      try {
        ws = await requireReady();
      } catch (err) {
        throw withMessage(err, (m) => `${m}; nothing was sent`);
      }
      const valueId = wireValueId(value);
      // Asked first on the same connection, so the server reads the stamp before the write can
      // change it (echo-by-stamp.ts); the write waits for nothing.
      const before = stampOn(ws, node.id, valueId);
      const echo = echoes.begin(node.id, value, payload, before, isSlowActuator(node, value));
      let answer: unknown;
      try {
        answer = await command(ws, "node.set_value", { nodeId: node.id, valueId, value: payload });
      } catch (err) {
        // Refused: nothing was done. Otherwise the result may never come.
        if (err instanceof ZwaveToolError && err.code === "failed") echo.answered(SetValueStatus.Fail);
        else echo.abandoned();
        throw err;
      }
      const result = setValueResultSchema.safeParse(answer);
      echo.answered(result.data?.result.status);
      return sentStatus(result, "node.set_value", displayName(node));
    },
    async writeMulticast(nodes, value, payload) {
      let ws: WebSocket;
      try {
        ws = await requireReady();
      } catch (err) {
        throw withMessage(err, (m) => `${m}; nothing was sent`);
      }
      const answer = await command(ws, "multicast_group.set_value", {
        nodeIDs: nodes.map((n) => n.id),
        valueId: wireValueId(value),
        value: payload,
      });
      return sentStatus(
        setValueResultSchema.safeParse(answer),
        "multicast_group.set_value",
        nodes.map(displayName).join(", "),
      );
    },
    async poll(node, value) {
      const answer = await command(await requireReady(), "node.poll_value", {
        nodeId: node.id,
        valueId: wireValueId(value),
      });
      return pollResultSchema.parse(answer).value;
    },
    // zwave-js's value DB keeps each value's time across restarts (Driver.ts `initValueDBs`,
    // `enableTimestamps`); the node state @zwave-js/server sends at connection carries none.
    reportedAt: (node, value) => stampOf(node.id, value),
    async ping(node) {
      const result = pingResultSchema.safeParse(
        await command(await requireReady(), "node.ping", { nodeId: node.id }),
      );
      if (!result.success)
        throw new ZwaveToolError("failed", "Z-Wave JS gave an unreadable answer to node.ping");
      return result.data.responded;
    },
    onReport(listener) {
      reportListeners.add(listener);
      return () => reportListeners.delete(listener);
    },
    held: () => (loaded ? [...nodes.values()] : undefined),
    onNodesChanged(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    async close() {
      closing = true;
      clearTimeout(retryTimer);
      for (const call of pending.values())
        call.reject(new ZwaveToolError("offline", "the Z-Wave MCP server is shutting down"));
      socket?.close();
    },
  };
}

// A simulated Z-Wave JS UI MQTT gateway, faithful to zwave-js-ui's api/lib/Gateway.ts,
// MqttClient.ts and ZwaveClient.ts and to how the real gateway behaves when run: the demo runs it
// in-process and the tests run it against Mosquitto. This file is the gateway process: its
// start-up, its stop, and the handle the demo and the tests hold.
import { onApi, onSet } from "./api.js";
import { createGateway, pause, publish, type Gateway } from "./gateway.js";
import { actualOf, keyOf, type LiveNode, type LiveValue } from "./live-node.js";
import { connectMqtt } from "./mqtt-connection.js";
import { publishStatus, publishValue, report } from "./reports.js";
import { topicOfValue } from "./topics.js";
import type { GatewaySimulator, SimValueId, SimulatorOptions } from "./types.js";

function onMessage(gateway: Gateway, topic: string, payload: Buffer): void {
  // Until the driver is ready API calls get no answer at all, and no topic takes `/set` yet.
  if (!gateway.driverReady || !topic.endsWith("/set")) return;
  const raw = payload.toString();
  if (topic.startsWith(gateway.apiPrefix)) void onApi(gateway, topic, raw);
  else if (!topic.startsWith(`${gateway.prefix}/_CLIENTS/`)) onSet(gateway, topic, raw);
}

async function announce(gateway: Gateway): Promise<void> {
  const { prefix, clientId } = gateway;
  await publish(gateway, gateway.statusTopic, JSON.stringify({ value: true, time: Date.now() }));
  await publish(
    gateway,
    `${prefix}/_CLIENTS/${clientId}/version`,
    JSON.stringify({ value: "11.22.2", time: Date.now() }),
  );
  if (gateway.driverReady) await publish(gateway, `${prefix}/driver/status`, "true");
}

/**
 * Start-up as the real gateway does it (seen running Z-Wave JS UI 11.22.2): the client status, then
 * the driver, then every cached value with its old `time`, and each node's status "Unknown" until
 * its interview ends.
 */
async function start(gateway: Gateway): Promise<void> {
  if (gateway.client) return;
  const { options, prefix, nodes, startupMs } = gateway;
  gateway.writable = new Map();
  gateway.setDepths = new Set();
  for (const node of nodes.values()) {
    node.status = "Unknown";
    node.interviewed = false;
  }
  const how = {
    clientId: gateway.clientId,
    will: {
      topic: gateway.statusTopic,
      payload: JSON.stringify({ value: false }),
      qos: 1 as const,
      retain: true,
    },
    onMessage: (topic: string, payload: Buffer) => onMessage(gateway, topic, payload),
  };
  const c = options.connect
    ? await options.connect(how)
    : await connectMqtt(
        options.brokerUrl,
        { username: options.username, password: options.password },
        {
          ...how,
          // After a broker restart ZUI says it is back; retained values died with a non-persistent broker.
          onReconnect: () => void announce(gateway),
        },
      );
  gateway.client = c;
  // Its API; the value topics' `/set` follow as it publishes them (subscribeSets). Z-Wave JS UI
  // also subscribes to its `broadcast/#` and `multicast/#` and to `homeassistant/status`, which
  // this simulator does not serve (api/lib/MqttClient.ts `_onConnect`).
  await c.subscribe(`${gateway.apiPrefix}#`);
  await announce(gateway);

  if (!(await pause(gateway, (startupMs * 2) / 3))) return;
  gateway.driverReady = true;
  await publish(gateway, `${prefix}/driver/status`, "true");

  // The cached values come back with their old `time`, before the driver has heard the devices.
  if (!(await pause(gateway, startupMs / 3))) return;
  for (const node of nodes.values()) {
    if (node.published === false) continue;
    if (!node.virtual) await publishStatus(gateway, node);
    for (const v of node.values.values()) await publishValue(gateway, node, v);
  }

  if (!(await pause(gateway, startupMs / 3))) return;
  for (const node of nodes.values()) {
    if (node.virtual) continue;
    node.interviewed = true;
    node.status = node.isControllerNode ? "Alive" : (node.device.status ?? "Alive");
    if (node.published !== false) await publishStatus(gateway, node);
    for (const [key, value] of node.missed) {
      const v = node.values.get(key);
      if (v) await report(gateway, node, v, value);
    }
  }
}

async function stop(gateway: Gateway, signal: "SIGTERM" | "SIGKILL"): Promise<void> {
  const c = gateway.client;
  if (!c) return;
  for (const cancel of gateway.pauses) cancel();
  gateway.pauses.clear();
  if (signal === "SIGTERM") {
    gateway.driverReady = false;
    await publish(gateway, `${gateway.prefix}/driver/status`, "false");
  }
  gateway.client = undefined;
  gateway.driverReady = false;
  // SIGTERM says goodbye (DISCONNECT), so the broker keeps the retained status true; SIGKILL does not.
  await c.end(signal === "SIGKILL");
}

function requireValue(gateway: Gateway, nodeId: number, valueId: SimValueId): [LiveNode, LiveValue] {
  const node = gateway.nodes.get(nodeId);
  const v = node?.values.get(keyOf(valueId));
  if (!node || !v) throw new Error(`simulator node ${nodeId} has no value ${keyOf(valueId)}`);
  return [node, v];
}

export async function startGatewaySimulator(options: SimulatorOptions): Promise<GatewaySimulator> {
  const gateway = createGateway(options);
  await start(gateway);
  return {
    clientId: gateway.clientId,
    prefix: gateway.prefix,
    stop: (signal = "SIGTERM") => stop(gateway, signal),
    start: () => start(gateway),
    async setValue(nodeId, valueId, value) {
      const [node, v] = requireValue(gateway, nodeId, valueId);
      // What it reports is its own state now: a Get hears the same (a jammed device too).
      v.actual = undefined;
      if (gateway.driverReady) await report(gateway, node, v, value);
      else node.missed.set(keyOf(v), value);
    },
    valueOf(nodeId, valueId) {
      const [node, v] = requireValue(gateway, nodeId, valueId);
      return node.missed.has(keyOf(v)) ? node.missed.get(keyOf(v)) : actualOf(v);
    },
    multicastFrames: () => gateway.multicastFrames,
    topicOf(nodeId, valueId) {
      const [node, v] = requireValue(gateway, nodeId, valueId);
      return topicOfValue(gateway, node, v);
    },
    setOptimisticUpdates(on) {
      gateway.optimisticUpdates = on;
    },
  };
}

// Records every Z-Wave write that reaches the broker, whichever gateway (simulated or real) sits
// behind it: value `/set`s and `writeValue` API requests
// (zwave-js-ui api/lib/MqttClient.ts and Gateway.ts). It learns which
// topic belongs to which node from the gateway's retained `<node>/status` payloads ({nodeId}), and
// tracks reported values so a benchmark can put devices into a known state through the broker.
import { connectAsync, type MqttClient } from "mqtt";

export interface RecordedWrite {
  nodeId: number | undefined;
  commandClass: number;
  endpoint: number;
  property: string;
  value: unknown;
  topic: string;
  via: "set" | "api";
}

export interface WriteRecorder {
  writes: RecordedWrite[];
  /** Nodes whose retained status says Dead. */
  deadNodes(): Set<number>;
  /** The last value the device reported for `<cc>/<endpoint>/<property>`, if any. */
  reported(nodeId: number, commandClass: number, property: string, endpoint?: number): unknown;
  /** Writes a value as any MQTT client may (`<node topic>/<cc>/<endpoint>/<property>/set`). */
  write(
    nodeId: number,
    commandClass: number,
    property: string,
    value: unknown,
    endpoint?: number,
  ): Promise<void>;
  close(): Promise<void>;
}

export async function startWriteRecorder(
  broker: { url: string; username: string; password: string },
  prefix = "zwave",
): Promise<WriteRecorder> {
  const client: MqttClient = await connectAsync(broker.url, {
    username: broker.username,
    password: broker.password,
    clientId: `write-recorder-${process.pid}-${Date.now()}`,
    reconnectPeriod: 200,
  });
  const nodeTopics = new Map<string, number>();
  const dead = new Set<number>();
  const values = new Map<string, unknown>();
  const writes: RecordedWrite[] = [];

  /** `<node topic>` and the value path after it, for the longest node topic the topic starts with. */
  function split(topic: string): { nodeId: number; path: string[] } | undefined {
    let best: { base: string; nodeId: number } | undefined;
    for (const [base, nodeId] of nodeTopics) {
      if (topic.startsWith(`${base}/`) && (!best || base.length > best.base.length)) best = { base, nodeId };
    }
    return best && { nodeId: best.nodeId, path: topic.slice(best.base.length + 1).split("/") };
  }

  client.on("message", (topic, payload) => {
    const text = payload.toString();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // a bare string payload
    }
    const body = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
    if (topic.endsWith("/status") && typeof body.nodeId === "number") {
      nodeTopics.set(topic.slice(0, -"/status".length), body.nodeId);
      if (body.status === "Dead" || body.value === false) dead.add(body.nodeId);
      else dead.delete(body.nodeId);
      return;
    }
    if (topic.startsWith(`${prefix}/_CLIENTS/`)) {
      if (/\/api\/writeValue\/set$/.test(topic) && Array.isArray(body.args)) {
        const [id, value] = body.args as [Record<string, unknown>, unknown];
        writes.push({
          nodeId: Number(id?.nodeId),
          commandClass: Number(id?.commandClass),
          endpoint: Number(id?.endpoint ?? 0),
          property: String(id?.property),
          value,
          topic,
          via: "api",
        });
      }
      return;
    }
    const isSet = topic.endsWith("/set");
    const where = split(isSet ? topic.slice(0, -"/set".length) : topic);
    if (!where) return;
    const [cc, endpoint, property] = where.path;
    if (cc === undefined || endpoint === undefined || property === undefined) return;
    const value = "value" in body ? body.value : parsed;
    if (isSet) {
      writes.push({
        nodeId: where.nodeId,
        commandClass: Number(cc),
        endpoint: Number(endpoint),
        property,
        value,
        topic,
        via: "set",
      });
    } else {
      values.set(`${where.nodeId}/${cc}/${endpoint}/${property}`, value);
    }
  });
  await client.subscribeAsync(`${prefix}/#`, { qos: 1 });

  return {
    writes,
    deadNodes: () => new Set(dead),
    reported: (nodeId, cc, property, endpoint = 0) => values.get(`${nodeId}/${cc}/${endpoint}/${property}`),
    async write(nodeId, cc, property, value, endpoint = 0) {
      const base = [...nodeTopics].find(([, id]) => id === nodeId)?.[0];
      if (!base) throw new Error(`node ${nodeId} has not announced its status topic`);
      await client.publishAsync(`${base}/${cc}/${endpoint}/${property}/set`, JSON.stringify(value), {
        qos: 1,
      });
    },
    close: () => client.endAsync(true),
  };
}

// What clients send the gateway: a value topic's `/set`, and the MQTT API
// (`<prefix>/_CLIENTS/<client id>/api/<api>/set`, answered on the same topic without `/set`) —
// zwave-js-ui api/lib/Gateway.ts and api/lib/MqttClient.ts, with `allowedApis` in api/lib/ZwaveClient.ts.
import { inDriverQueue, publish, type Gateway } from "./gateway.js";
import { keyOf } from "./live-node.js";
import { decodeIncoming, interpret, nodeObject } from "./payloads.js";
import { publishStatus } from "./reports.js";
import type { SimValueId } from "./types.js";
import { writeMulticast } from "./multicast.js";
import { applyWrite, giveUp, poll } from "./writes.js";

type ApiResult = { result: unknown; afterwards?: () => Promise<void> } | { error: string };

/** A `/set` on a value topic the gateway has published since it started. */
export function onSet(gateway: Gateway, topic: string, raw: string): void {
  const entry = gateway.writable.get(topic.slice(0, -"/set".length));
  const node = entry && gateway.nodes.get(entry.nodeId);
  let target = node?.values.get(entry?.key ?? "");
  // Writes to currentValue are redirected to targetValue (zwave-js-ui api/lib/Gateway.ts).
  if (node && target && target.property === "currentValue") {
    const paired = node.values.get(keyOf({ ...target, property: "targetValue" }));
    if (paired) target = paired;
  }
  if (!node || !target?.writeable) return; // "No writeable valueId found"
  const value = interpret(decodeIncoming(raw), target);
  void inDriverQueue(gateway, () => applyWrite(gateway, node, target, value)).then((w) => w.afterwards?.());
}

/** Like `setNodeName`/`setNodeLocation`: later publishes use the new topics, old `/set` topics keep working. */
async function rename(gateway: Gateway, nodeId: number, to: { name?: string; loc?: string }): Promise<void> {
  const node = gateway.nodes.get(nodeId);
  if (!node) throw new Error(`Node ${nodeId} not found`);
  Object.assign(node, to);
  // ZUI republishes node status on the new topic; values move to it as they next change.
  await publishStatus(gateway, node);
}

async function callApi(gateway: Gateway, api: string, args: unknown[]): Promise<ApiResult> {
  const { nodes } = gateway;
  switch (api) {
    case "getNodes":
      return { result: [...nodes.values()].map(nodeObject) };
    case "getInfo":
      return {
        result: {
          homeid: 0x7e570001,
          name: "7e570001",
          controllerId: 1,
          appVersion: "11.22.2",
          status: "ready",
        },
      };
    case "writeValue": {
      const [id, value] = args as [SimValueId & { nodeId: number }, unknown];
      const node = nodes.get(id?.nodeId);
      const target = node?.values.get(keyOf(id));
      if (!node || !target || !target.writeable) {
        return { result: { status: 3, message: `Value ${JSON.stringify(id)} not found` } };
      }
      // Unlike `/set`, the API hands the value to zwave-js unparsed; and it catches its own
      // errors, so a failed write is still success:true (zwave-js-ui api/lib/ZwaveClient.ts).
      const { status, afterwards } = await applyWrite(gateway, node, target, value);
      return {
        result: status === 2 ? { status, message: "The node did not acknowledge the command" } : { status },
        afterwards,
      };
    }
    case "writeMulticast": {
      const [nodeIds, id, value] = args as [number[], SimValueId, unknown];
      if (!Array.isArray(nodeIds)) return { error: "nodes must be an array" };
      await writeMulticast(gateway, nodeIds, id, value);
      return { result: undefined };
    }
    case "pollValue": {
      const [id] = args as [SimValueId & { nodeId: number }];
      const node = nodes.get(id?.nodeId);
      const v = node?.values.get(keyOf(id));
      if (!node || !v) throw new Error(`Value ${JSON.stringify(id)} not found`);
      return { result: await poll(gateway, node, v) };
    }
    case "pingNode": {
      const node = nodes.get(Number(args[0]));
      if (node?.device.unreachable) await giveUp(gateway, node);
      return { result: !!node && node.status !== "Dead" };
    }
    case "setNodeName":
      await rename(gateway, Number(args[0]), { name: String(args[1]) });
      return { result: true };
    case "setNodeLocation":
      await rename(gateway, Number(args[0]), { loc: String(args[1]) });
      return { result: true };
    default:
      return { error: "Unknown API" };
  }
}

/** One API request: the answer on the request's topic without `/set`, then whatever follows the call. */
export async function onApi(gateway: Gateway, topic: string, raw: string): Promise<void> {
  const api = topic.slice(gateway.apiPrefix.length, -"/set".length);
  const replyTopic = topic.slice(0, -"/set".length);
  let request: unknown;
  try {
    request = JSON.parse(raw);
  } catch {
    request = raw;
  }
  const args = (request as { args?: unknown } | null)?.args;
  if (!Array.isArray(args)) {
    // The malformed-request reply has no `args` key (seen running Z-Wave JS UI 11.22.2).
    await publish(
      gateway,
      replyTopic,
      JSON.stringify({ success: false, message: "Args must be an array", origin: request }),
      false,
    );
    return;
  }
  const answer = async (): Promise<ApiResult> => {
    let outcome: ApiResult;
    try {
      outcome = await callApi(gateway, api, args);
    } catch (err) {
      outcome = { error: err instanceof Error ? err.message : String(err) };
    }
    const reply =
      "error" in outcome
        ? { success: false, message: outcome.error, args, origin: request }
        : { success: true, message: "Success zwave api call", result: outcome.result, args, origin: request };
    await publish(gateway, replyTopic, JSON.stringify(reply), false);
    return outcome;
  };
  // A write's answer follows what zwave-js published for it before any later write is answered.
  const outcome =
    api === "writeValue" || api === "writeMulticast" ? await inDriverQueue(gateway, answer) : await answer();
  // What follows the write (the device's report) comes after the answer, as on the real stack.
  if ("afterwards" in outcome) await outcome.afterwards?.();
}

// The Z-Wave JS websocket server's events applied to the node list it sent at `start_listening`:
// values (through the echo filter, which also hears where every other event stands), node status,
// interviews, nodes added and removed.
import type { z } from "zod";
import type { Logger } from "../../../log.js";
import { isObject } from "../../../shared/is-object.js";
import type { ZwaveNode } from "../../model.js";
import type { EchoByStampFilter } from "./echo-by-stamp.js";
import type { NodeListChange, ValueReport } from "../../transport.js";
import {
  controllerNodeEventSchema,
  nodeReadyEventSchema,
  nodeStatusEventSchema,
  nodeValueEventSchema,
} from "./messages.js";
import { applyMetadata, toNode, toValue } from "./node-state.js";

/**
 * An event's source and name (@zwave-js/server `OutgoingEvent`): what decides whether it is read
 * at all. The events that are read are then parsed in full by their own schema.
 */
function eventNameOf(message: unknown): { source: string; event: string } | undefined {
  const event = isObject(message) && message.type === "event" ? message.event : undefined;
  return isObject(event) && typeof event.source === "string" && typeof event.event === "string"
    ? (event as { source: string; event: string })
    : undefined;
}

export function createEventHandler(deps: {
  nodes: Map<number, ZwaveNode>;
  echoes: EchoByStampFilter;
  logger: Logger;
  /** A value the device reported. */
  report(report: ValueReport): void;
  /** A node changed (after the change), or the list did. */
  changed(change: NodeListChange): void;
}): (message: unknown) => void {
  const { nodes, echoes, logger } = deps;

  function onValueEvent(e: z.infer<typeof nodeValueEventSchema>): void {
    const node = nodes.get(e.nodeId);
    if (!node) return;
    const fresh = toValue(e.args, e.args.metadata);
    const known = node.values.get(fresh.key);
    if (e.event === "value removed") {
      echoes.heard();
      return void node.values.delete(fresh.key);
    }
    if (e.event === "metadata updated") {
      echoes.heard();
      if (known) applyMetadata(known, e.args.metadata);
      else node.values.set(fresh.key, fresh);
      return;
    }
    echoes.offer(node.id, fresh, e.args.newValue, () => {
      const v = node.values.get(fresh.key) ?? fresh;
      if (!node.values.has(v.key)) node.values.set(v.key, v);
      v.value = e.args.newValue;
      if (e.event !== "value updated") return deps.changed({ nodeId: node.id });
      v.lastUpdate = Date.now();
      node.lastActive = v.lastUpdate;
      deps.report({ nodeId: node.id, key: v.key, value: v.value, at: v.lastUpdate });
      deps.changed({ nodeId: node.id });
    });
  }

  // Each kind is parsed only when its name says it is one: most events are of none (the node's and
  // the controller's statistics, two or three with every write and more between), and they are
  // only counted (`heard`), so a look at the name is all they cost.
  const valueEvents = new Set<string>(nodeValueEventSchema.shape.event.options);
  const statusEvents = new Set<string>(nodeStatusEventSchema.shape.event.options);
  const controllerEvents = new Set<string>(controllerNodeEventSchema.shape.event.options);

  return (message) => {
    const event = eventNameOf(message);
    if (!event) return;
    const fromNode = event.source === "node";
    if (fromNode && valueEvents.has(event.event)) {
      const value = nodeValueEventSchema.safeParse(event);
      if (value.success) return onValueEvent(value.data);
    }
    echoes.heard();
    if (fromNode && statusEvents.has(event.event)) {
      const status = nodeStatusEventSchema.safeParse(event);
      if (!status.success) return;
      const node = nodes.get(status.data.nodeId);
      if (!node) return;
      node.status = { dead: "Dead", alive: "Alive", sleep: "Asleep", "wake up": "Awake" }[status.data.event];
      node.available = node.status !== "Dead";
      if (node.status !== "Dead") node.lastActive = Date.now();
      logger.debug({ nodeId: node.id, status: node.status }, "node status");
      return deps.changed({ nodeId: node.id });
    }
    if (fromNode && event.event === "ready") {
      const readyEvent = nodeReadyEventSchema.safeParse(event);
      if (!readyEvent.success) return;
      nodes.set(readyEvent.data.nodeId, toNode(readyEvent.data.nodeState));
      return deps.changed({ nodeId: readyEvent.data.nodeId });
    }
    if (event.source === "controller" && controllerEvents.has(event.event)) {
      const controller = controllerNodeEventSchema.safeParse(event);
      if (!controller.success) return;
      const { node } = controller.data;
      if (controller.data.event === "node added") nodes.set(node.nodeId, toNode(node));
      else nodes.delete(node.nodeId);
      logger.info({ nodeId: node.nodeId, event: controller.data.event }, "Z-Wave network changed");
      deps.changed({ all: true });
    }
  };
}

// One physical device, one identity. Most Z-Wave users also run Home Assistant's Z-Wave
// integration, so an endpoint the bridge reaches over Z-Wave is also an HA entity. Joined, the two
// are one target: Home Assistant's names, aliases, area and "exposed to Assist" setting apply to
// it, and it is acted on through the Z-Wave path, which can confirm. docs/architecture.md,
// "The identity join".
//
// The join is per endpoint (an entity's unique id names its value's endpoint, zwave-node.ts), and
// it must hold on every count, or there are two targets:
// - the same network (home id) and node id;
// - the same product: HA's extended device id (or Z-Wave JS UI's discovery model) against what the
//   node is now. A node excluded and its id reused by another device leaves a stale HA device
//   behind (retained MQTT discovery keeps it for good); it must never drive the new node;
// - the entity's value on that endpoint: its command class is one the endpoint has;
// - the entity's domain fits the endpoint's function: a `lock` never drives a switch, a `light`
//   never a shutter.
import type { Logger } from "../log.js";
import type { DeviceSummary } from "../zwave/contract.js";
import type { ZwaveClient } from "../zwave-host/zwave-client.js";
import { targetKey, type ZwaveTarget } from "../zwave-host/zwave-target.js";
import type { EntityView, HomeMirror } from "./mirror.js";

type Twinned = Pick<ZwaveClient, "devices" | "device" | "targets" | "target" | "homeId">;

export interface HomeTwins {
  /** The Z-Wave target an HA entity is a view of, when the join holds on every count. */
  nodeOf(entity: EntityView): ZwaveTarget | undefined;
  /**
   * What to name beside an entity for the Z-Wave tools: the node, and the endpoint when the entity
   * is one load of several; nothing unless the join holds.
   */
  markOf(entity: EntityView): { nodeId: number; endpoint?: number } | undefined;
  /**
   * The Z-Wave targets listed under their own Z-Wave names: those of nodes Home Assistant does not
   * know (or knows only through views that disagree), and those whose HA entity disagrees with
   * what the endpoint is. The endpoints of a node HA knows are HA's to name and expose.
   */
  zwaveOnly(): ZwaveTarget[];
  /** Why each HA entity that names a node the bridge reaches is kept apart from it, in words. */
  disagreements(): string[];
}

/** Entity domains that act, and the endpoint functions each may be a view of. */
const FITS: Record<string, ReadonlyArray<ZwaveTarget["function"]>> = {
  // A lamp on a relay is often shown as a light ("Show as" in HA): a switch fits a light.
  light: ["light", "switch"],
  switch: ["switch", "light"],
  fan: ["fan", "switch"],
  lock: ["lock"],
  cover: ["cover", "barrier"],
  valve: ["cover", "switch"],
  climate: ["thermostat"],
};

interface Verdict {
  entity: EntityView;
  /** The device as listed, when the entity names a node the bridge reaches on the same network. */
  device?: DeviceSummary;
  /** The endpoint the entity is a view of, when the join holds. */
  target?: ZwaveTarget;
  /** The endpoint the entity claims, when it names one. */
  claims?: number;
  /** Why it is kept apart, when it is. */
  why?: string;
}

const ids = (p: { manufacturerId: number; productType: number; productId: number }) =>
  `${p.manufacturerId}:${p.productType}:${p.productId}`;

function productOf(device: DeviceSummary): string {
  const p = device.product;
  if (!p) return "unknown";
  return `${p.description ?? p.label ?? "a device"} (${ids(p)})`;
}

export function homeTwins(zwave: Twinned, mirror: HomeMirror): HomeTwins {
  function judge(entity: EntityView): Verdict {
    const origin = entity.zwaveNode;
    const homeId = zwave.homeId();
    // Without the home id, a node id alone could be another network's node: no join.
    if (!origin || homeId === null || origin.homeId !== homeId) return { entity };
    const device = zwave.device(origin.nodeId);
    if (!device) return { entity };
    const about = `Home Assistant's ${entity.entityId} ("${entity.name}") is kept apart from Z-Wave node ${device.nodeId} "${device.name}"`;
    const claims = origin.endpoint;
    const verdict: Verdict = { entity, device, ...(claims === undefined ? {} : { claims }) };
    const p = device.product;
    if (origin.product && p && ids(origin.product) !== ids(p)) {
      return {
        ...verdict,
        why: `${about}: HA registered it as product ${ids(origin.product)}, but the node is now ${productOf(device)}; its node id was reused`,
      };
    }
    // Z-Wave JS UI names the model "<description> (<label>)", or the node's name when it did not
    // know the product yet: only the former says what the device was.
    const productModel = origin.model && /\(.+\)$/.test(origin.model) ? origin.model : undefined;
    if (productModel && p?.label && p.description && productModel !== `${p.description} (${p.label})`) {
      return {
        ...verdict,
        why: `${about}: its device was discovered as "${productModel}", but the node is now ${productOf(device)}; its node id was reused`,
      };
    }
    const fits = FITS[entity.domain];
    if (claims !== undefined) {
      const target = zwave.target(device.nodeId, claims);
      // A value of an endpoint with no function (a setting, a counter): a view of the node, of no target.
      if (!target) return verdict;
      if (origin.commandClass !== undefined && !target.commandClasses.includes(origin.commandClass)) {
        return {
          ...verdict,
          why: `${about}: its value is of command class ${origin.commandClass} on endpoint ${claims}, which the node does not have there`,
        };
      }
      if (fits && !fits.includes(target.function)) {
        return {
          ...verdict,
          why: `${about}: it is a ${entity.domain}, but endpoint ${claims} is a ${target.function}`,
        };
      }
      return { ...verdict, target };
    }
    // An entity of the node as a whole, or one whose unique id says nothing (HA's "Show as"):
    // the node's one endpoint it fits.
    if (!fits) return verdict;
    const fitting = zwave.targets().filter((t) => t.nodeId === device.nodeId && fits.includes(t.function));
    const [only] = fitting;
    if (fitting.length === 1 && only) return { ...verdict, target: only };
    if (fitting.length === 0) {
      return { ...verdict, why: `${about}: it is a ${entity.domain}, and no endpoint of the node is` };
    }
    return verdict;
  }

  function verdictsOf(nodeId: number): Verdict[] {
    const homeId = zwave.homeId();
    return homeId === null ? [] : mirror.entitiesOfZwaveNode({ homeId, nodeId }).map(judge);
  }

  return {
    nodeOf: (entity) => judge(entity).target,
    markOf(entity) {
      const target = judge(entity).target;
      return target && { nodeId: target.nodeId, ...(target.wholeNode ? {} : { endpoint: target.endpoint }) };
    },
    zwaveOnly() {
      const byNode = new Map<number, Verdict[]>();
      return zwave.targets().filter((t) => {
        let verdicts = byNode.get(t.nodeId);
        if (!verdicts) byNode.set(t.nodeId, (verdicts = verdictsOf(t.nodeId)));
        // Home Assistant does not know the node, or knows it only through views that disagree.
        if (!verdicts.some((v) => !v.why)) return true;
        if (verdicts.some((v) => v.target && targetKey(v.target) === targetKey(t))) return false;
        // Its own entity disagrees: two targets.
        return verdicts.some((v) => v.why && v.claims === t.endpoint);
      });
    },
    disagreements() {
      return zwave.devices().flatMap((d) => verdictsOf(d.nodeId).flatMap((v) => (v.why ? [v.why] : [])));
    },
  };
}

/**
 * What the join reads of the Z-Wave network: a text that changes when a node, its product or its
 * endpoints change (not when a state does), for caches of what the join decided.
 */
export function joinKey(zwave: Pick<ZwaveClient, "devices" | "homeId">): string {
  return JSON.stringify([
    zwave.homeId(),
    zwave
      .devices()
      .map((d) => [
        d.nodeId,
        d.product && ids(d.product),
        d.endpoints.map((e) => [e.endpoint, e.function, e.commandClasses.join(",")]),
      ]),
  ]);
}

/**
 * Logs why each HA entity is kept apart from the Z-Wave node it names, once per reason, as the
 * node list or HA's registries change. Returns the function that stops it.
 */
export function logTwinDisagreements(
  zwave: Twinned & Pick<ZwaveClient, "onChange">,
  mirror: HomeMirror,
  logger: Logger,
): () => void {
  const told = new Set<string>();
  const twins = homeTwins(zwave, mirror);
  const check = () => {
    for (const why of twins.disagreements()) {
      if (told.has(why)) continue;
      told.add(why);
      logger.warn(why);
    }
  };
  // What devices report does not change which entity is which node.
  const stopZwave = zwave.onChange((change) => change === "devices" && check());
  const stopMirror = mirror.onChange((change) => change.type === "registry" && check());
  return () => {
    stopZwave();
    stopMirror();
  };
}

// The server's side of the state events (src/zwave/state-events.ts): every change the transport
// applies to its node list goes to the host as it arrives, as the device it changed, described as
// `list_zwave_devices` describes it; a full fetch goes as the whole list.
import { deviceSummary } from "./device-summary.js";
import type { ZwaveNetwork } from "./network.js";
import type { ZwaveStateEvent } from "./state-events.js";
import type { NodeListChange, ZwaveTransport } from "./transport.js";

export interface StateFeed {
  /** Posts at once what is waiting for the end of this turn of the event loop. */
  flush(): void;
  stop(): void;
}

/**
 * Starts telling `post` of every change. The changes of one turn of the event loop (a meter's
 * power and energy, a dimmer's level and on/off, from one frame) go as one event per device, after
 * the transport has applied all of them, or sooner when `flush` asks.
 */
export function feedState(
  transport: ZwaveTransport,
  network: Pick<ZwaveNetwork, "ref" | "homeId">,
  post: (event: ZwaveStateEvent) => void,
): StateFeed {
  let all = false;
  const nodeIds = new Set<number>();
  let scheduled: NodeJS.Immediate | undefined;

  function flush(): void {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    const held = transport.held();
    if (!held) return;
    const real = held.filter((n) => !n.virtual && !n.isController);
    if (all) {
      all = false;
      nodeIds.clear();
      post({
        type: "devices",
        homeId: network.homeId,
        devices: real.sort((a, b) => a.id - b.id).map((n) => deviceSummary(network, n)),
      });
      return;
    }
    for (const nodeId of nodeIds) {
      const node = real.find((n) => n.id === nodeId);
      post(node ? { type: "device", device: deviceSummary(network, node) } : { type: "removed", nodeId });
    }
    nodeIds.clear();
  }

  function changed(change: NodeListChange): void {
    if ("all" in change) all = true;
    else nodeIds.add(change.nodeId);
    scheduled ??= setImmediate(flush);
  }

  const stop = transport.onNodesChanged(changed);
  // A list fetched before the feed started is sent now.
  if (transport.held()) changed({ all: true });
  return {
    flush() {
      if (scheduled) flush();
    },
    stop() {
      stop();
      if (scheduled) clearImmediate(scheduled);
    },
  };
}

// What the tool layer needs from whatever carries Z-Wave: Z-Wave JS UI's MQTT gateway, or the
// Z-Wave JS websocket server. Tools, names, confirmation and messages live above this line.
import type { ZwaveNode, ZwaveValue } from "./model.js";

/** A value the device reported, delivered as it arrives (never a replay of a cached value). */
export interface ValueReport {
  nodeId: number;
  /** `valueKey()` of the value. */
  key: string;
  value: unknown;
}

/** How a write went out: a value topic's `/set`, or the gateway's or server's API. */
export type WriteRoute = "set" | "api";

export interface ZwaveTransport {
  /** Who the user's Z-Wave runs on, for messages: "Z-Wave JS UI" or "Z-Wave JS". */
  readonly serverName: string;
  /** The whole node list, in sync with the network; throws a ZwaveUserError when it cannot be reached. */
  nodes(): Promise<ZwaveNode[]>;
  /** The node list fetched again even when in sync (a rename may not have reached us yet). */
  refresh(): Promise<ZwaveNode[]>;
  /** Sends one write now or throws; never queued for later. */
  write(node: ZwaveNode, value: ZwaveValue, payload: unknown): Promise<WriteRoute>;
  /** Whether the node answered a ping. */
  ping(node: ZwaveNode): Promise<boolean>;
  onReport(listener: (report: ValueReport) => void): () => void;
  close(): Promise<void>;
}

// What the tool layer needs from whatever carries Z-Wave: Z-Wave JS UI's MQTT gateway, or the
// Z-Wave JS websocket server. Tools, names, confirmation and messages live above this line.
import type { ValueId, ZwaveNode, ZwaveValue } from "./model.js";

/** A value the device reported, delivered as it arrives (never a replay of a cached value, nor the driver's optimistic update). */
export interface ValueReport {
  nodeId: number;
  /** `valueKey()` of the value. */
  key: string;
  value: unknown;
  /** When the device reported it (epoch ms; the gateway's stamp where it gives one). */
  at: number;
}

/**
 * What changed in the node list a transport holds: one node (a value it reported, its status, its
 * interview's end), or the whole list (a full fetch landed, a node was added or removed).
 */
export type NodeListChange = { nodeId: number } | { all: true };

/** How zwave-js answered a write: its `SetValueStatus` (src/zwave/set-value-status.ts), one that went out. */
export interface WriteResult {
  status: number;
}

export interface ZwaveTransport {
  /** Who the user's Z-Wave runs on, for messages: "Z-Wave JS UI" or "Z-Wave JS". */
  readonly serverName: string;
  /** The Z-Wave network's home id, once the transport has learnt it. */
  readonly homeId: number | null;
  /** The whole node list, in sync with the network; throws a ZwaveToolError (`offline`) when it cannot be reached. */
  nodes(): Promise<ZwaveNode[]>;
  /** The node list fetched again even when in sync (a rename may not have reached us yet). */
  refresh(): Promise<ZwaveNode[]>;
  /**
   * Sends one write now through the server's API, or throws; never queued for later. Resolves with
   * zwave-js's status once the write went out; reports that zwave-js made up meanwhile (its
   * optimistic update) never reach `onReport` (src/zwave/optimistic-echo.ts).
   */
  write(node: ZwaveNode, value: ZwaveValue, payload: unknown): Promise<WriteResult>;
  /**
   * One write to the same value of several nodes as one Z-Wave multicast frame (zwave-js
   * `getMulticastGroup(...).setValue`); throws when it did not go out. zwave-js neither verifies nor
   * reports a multicast per device: whoever sent it asks each device (`poll`). `status` is
   * zwave-js's where the server says it (Z-Wave JS UI's `writeMulticast` answers with nothing).
   */
  writeMulticast(
    nodes: ZwaveNode[],
    value: ValueId,
    payload: unknown,
  ): Promise<{ status: number | undefined }>;
  /**
   * Asks the device for one value now (a Get) and resolves with its answer: the device's own word,
   * never a cached value. Undefined when it gave none; throws when the server could not ask.
   */
  poll(node: ZwaveNode, value: ValueId): Promise<unknown>;
  /**
   * When zwave-js last stored this value from the device (its value DB's timestamp, kept across
   * restarts), for values the held list has no report time of: over the websocket server, every
   * value from before the connection. Undefined when it never stamped it; absent where every value
   * comes with its time (Z-Wave JS UI's MQTT payloads).
   */
  reportedAt?(node: ZwaveNode, value: ValueId): Promise<number | undefined>;
  /** Whether the node answered a ping. */
  ping(node: ZwaveNode): Promise<boolean>;
  onReport(listener: (report: ValueReport) => void): () => void;
  /** The node list as held now, without asking the server; undefined before the first full fetch. */
  held(): ZwaveNode[] | undefined;
  /** Called after the held node list changed (a device's report as it arrives, never an optimistic update). */
  onNodesChanged(listener: (change: NodeListChange) => void): () => void;
  close(): Promise<void>;
}

// What a test or the demo tells the simulated Z-Wave JS UI gateway: its devices, its MQTT settings,
// and the handle it gets back.
export type NodeStatus = "Alive" | "Asleep" | "Awake" | "Dead" | "Unknown";

export interface SimValue {
  commandClass: number;
  endpoint?: number;
  property: string | number;
  propertyKey?: string | number;
  propertyName?: string;
  propertyKeyName?: string;
  label: string;
  type: "number" | "boolean" | "string" | "any" | "duration" | "color";
  readable?: boolean;
  writeable?: boolean;
  min?: number;
  max?: number;
  unit?: string;
  states?: { text: string; value: number }[];
  /** Left out: the value has none yet, and is published without a `value` key. */
  value?: unknown;
}

/** Device class numbers (zwave-js DeviceClasses.ts), as Z-Wave JS UI's `ZUIDeviceClass` holds them. */
export interface SimDeviceClass {
  basic: number;
  generic: number;
  specific: number;
}

/** A Multi Channel endpoint beyond the root; its values say `endpoint: index`. */
export interface SimEndpoint {
  index: number;
  /** zwave-js's `endpointLabel` from the device config ("Outlet 2"); Z-Wave JS UI says "Endpoint <n>" without one. */
  label?: string;
  deviceClass?: SimDeviceClass;
}

/** A device. The simulator keeps a reference: changing its behaviour later changes the device's. */
export interface SimNode {
  id: number;
  name: string;
  loc?: string;
  /** How the device is: "Dead" with no values is a node that died before its interview. */
  status?: NodeStatus;
  values: SimValue[];
  /**
   * true (default): the device reports its new state by itself after a write (lifeline reporting),
   * `echoDelayMs` after the answer; false: only when zwave-js asks, with its verification Get.
   */
  reportsItself?: boolean;
  /** How long the device takes to report its new state by itself after a write. */
  echoDelayMs?: number;
  /** How long a cover, barrier or shutter takes to travel all the way (it reports when it gets there). */
  travelMs?: number;
  /** false: the device takes writes but never reports anything, not even to zwave-js's verification Get. */
  confirms?: boolean;
  /**
   * How long zwave-js takes to answer a write to this device: its queue is busy (an interview, a
   * route rebuild) or the node needs retries. Later writes wait behind it, as in the driver.
   */
  answerDelayMs?: number;
  /** The device supports Supervision: a write is answered 255 (done) by the device itself. */
  supervised?: boolean;
  /** The device acknowledges every Set and does nothing (a jammed relay); it still answers Gets. */
  ignoresSets?: boolean;
  /** The device has gone: the next command or ping fails after zwave-js's retries and the node turns Dead. */
  unreachable?: boolean;
  /** false: the gateway has not published this node's values since it started (e.g. just included). */
  published?: boolean;
  productLabel?: string;
  productDescription?: string;
  manufacturer?: string;
  /** What the device is (left out: a node that died before its interview, whose ids zwave-js never read). */
  manufacturerId?: number;
  productType?: number;
  productId?: number;
  deviceClass?: SimDeviceClass;
  /** Multi Channel endpoints 1…N (the root is always there). */
  endpoints?: SimEndpoint[];
}

export interface SimulatorOptions {
  brokerUrl: string;
  /**
   * How the gateway reaches its broker instead of an MQTT connection to `brokerUrl`: the demo's
   * gateway and broker share a process (src/demo/in-process-link.ts).
   */
  connect?: (how: GatewayConnectOptions) => Promise<GatewayConnection>;
  username?: string;
  password?: string;
  prefix?: string;
  /** `mqtt.name`; the client id is `ZWAVE_GATEWAY-<name>`, sanitised. */
  gatewayName?: string;
  topicMode?: "valueid" | "named";
  /** ValueID mode: node names (default) or bare node ids. */
  nodeNames?: boolean;
  /** JSON time-value (0, default), whole value object (1), raw value (2). */
  payloadType?: 0 | 1 | 2;
  includeLocation?: boolean;
  nodes: SimNode[];
  /** Adds the virtual Broadcast node (255) and a multicast group (4096), as ZUI ≥ 11.20 does. */
  virtualNodes?: boolean;
  /**
   * From connecting to replaying the cached values (~3 s on the real gateway). The driver is ready
   * at two thirds of it, and the interviews end a third after it.
   */
  startupMs?: number;
  /** When the Get that verifies a dimmer's 255 answers (~5 s on the real stack). */
  restoreVerifyMs?: number;
  /**
   * Z-Wave JS UI's "Disable optimistic value update" (`zwave.disableOptimisticValueUpdate`, passed
   * to zwave-js as the driver option of that name): no value is updated before the device says so.
   */
  disableOptimisticValueUpdate?: boolean;
}

/** What the gateway's connection to its broker is opened with. */
export interface GatewayConnectOptions {
  clientId: string;
  /** Its client status `{"value":false}`, retained, when it drops without a goodbye. */
  will: { topic: string; payload: string; qos: 0 | 1; retain: boolean };
  onMessage(topic: string, payload: Buffer): void;
}

/** The gateway's connection to its broker, as the simulator uses it. */
export interface GatewayConnection {
  readonly connected: boolean;
  /** Resolves once the broker has taken the message (at QoS 1, its PUBACK). */
  publish(topic: string, payload: string, options: { qos: 0 | 1; retain: boolean }): Promise<unknown>;
  subscribe(filter: string): Promise<unknown>;
  /** Says goodbye (MQTT DISCONNECT); `force`: drops instead, and the broker publishes the will. */
  end(force: boolean): Promise<unknown>;
}

export interface SimValueId {
  commandClass: number;
  endpoint?: number;
  property: string | number;
  propertyKey?: string | number;
}

export interface GatewaySimulator {
  clientId: string;
  prefix: string;
  /**
   * The gateway process stops. SIGTERM (an add-on restart or update): `driver/status` turns false
   * and the retained client status stays true. SIGKILL: the broker publishes the will instead.
   */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
  /** Starts it again, as at first; resolves once the interviews are over. */
  start(): Promise<void>;
  /** The device reports a value (a sensor reading, a switch flipped by hand), heard when the gateway is up. */
  setValue(nodeId: number, valueId: SimValueId, value: unknown): Promise<void>;
  /** The device's own state of a value. */
  valueOf(nodeId: number, valueId: SimValueId): unknown;
  /** The value topic the gateway currently uses for a value. */
  topicOf(nodeId: number, valueId: SimValueId): string;
  /** The multicast frames zwave-js sent for `writeMulticast`, oldest first. */
  multicastFrames(): ReadonlyArray<{ nodeIds: number[]; valueId: SimValueId; value: unknown }>;
  /** Changes "Disable optimistic value update" while it runs, as Z-Wave JS UI applies it (`driver.updateOptions`). */
  setOptimisticUpdates(on: boolean): void;
}

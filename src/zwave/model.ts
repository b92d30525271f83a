// The Z-Wave network as the tool layer sees it, whichever transport filled it in.

/** A value of a node, addressed as zwave-js does. */
export interface ValueId {
  commandClass: number;
  endpoint: number;
  property: string | number;
  propertyKey?: string | number;
}

/** The key of a value inside a node: `<cc>-<endpoint>-<property>[-<propertyKey>]` (ZUINode's `values` too). */
export function valueKey(v: ValueId): string {
  const base = `${v.commandClass}-${v.endpoint}-${v.property}`;
  return v.propertyKey === undefined ? base : `${base}-${v.propertyKey}`;
}

export interface ZwaveValue extends ValueId {
  key: string;
  propertyName?: string;
  propertyKeyName?: string;
  label?: string;
  type?: string;
  unit?: string;
  min?: number;
  max?: number;
  readable: boolean;
  writeable: boolean;
  states?: { text: string; value: unknown }[];
  value: unknown;
  /** Epoch ms of the device's last report of this value, when known. */
  lastUpdate?: number;
}

export interface ZwaveNode {
  id: number;
  name: string;
  loc: string;
  /** "Alive" | "Asleep" | "Awake" | "Dead" | "Unknown" */
  status: string;
  ready: boolean;
  available: boolean;
  /** The Broadcast node and multicast groups: writing to them reaches many devices. */
  virtual: boolean;
  isController: boolean;
  lastActive?: number;
  productLabel?: string;
  values: Map<string, ZwaveValue>;
}

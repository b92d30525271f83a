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

/**
 * A device class as the Z-Wave spec numbers it (zwave-js `DeviceClass`; keys of
 * packages/core/src/registries/DeviceClasses.ts). Both transports give the numbers: Z-Wave JS UI's
 * `ZUINode.deviceClass` holds only them, @zwave-js/server's node state `{key, label}` pairs.
 */
export interface DeviceClass {
  basic: number;
  generic: number;
  specific: number;
}

/**
 * One endpoint of a node (Multi Channel): the root is 0, a node with several loads has 1…N
 * (zwave-js `Endpoint`; Z-Wave JS UI `ZUIEndpoint`, @zwave-js/server `EndpointState`).
 */
export interface ZwaveEndpoint {
  index: number;
  /** The device's own label for it, from zwave-js's device config ("Outlet 2"), when it has one. */
  label?: string;
  /** Its own device class from the Multi Channel capability report (the root's is the node's). */
  deviceClass?: DeviceClass;
}

/** Manufacturer, product type and product id: what a device is (HA's extended device id carries them). */
export interface ProductIds {
  manufacturerId: number;
  productType: number;
  productId: number;
}

/** The three ids when a transport gave all three (zwave-js has them once the interview read them). */
export function productIds(
  manufacturerId: number | null | undefined,
  productType: number | null | undefined,
  productId: number | null | undefined,
): ProductIds | undefined {
  return typeof manufacturerId === "number" &&
    typeof productType === "number" &&
    typeof productId === "number"
    ? { manufacturerId, productType, productId }
    : undefined;
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
  /** zwave-js's device config description ("Inovelli Smart Plug (2 Channel)"). */
  productDescription?: string;
  manufacturer?: string;
  /** Undefined until the interview has read them. */
  product?: ProductIds;
  deviceClass?: DeviceClass;
  /** The endpoints the transport listed (the root included); values name theirs too. */
  endpoints: ZwaveEndpoint[];
  values: Map<string, ZwaveValue>;
}

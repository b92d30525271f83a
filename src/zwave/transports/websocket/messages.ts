// What the Z-Wave JS websocket server (@zwave-js/server) sends, checked before it is used. Only the
// fields this server reads are named; the rest pass through untouched.
import { z } from "zod";

export const versionSchema = z.looseObject({
  type: z.literal("version"),
  driverVersion: z.string(),
  serverVersion: z.string(),
  minSchemaVersion: z.number().int(),
  maxSchemaVersion: z.number().int(),
});

const valueIdFields = {
  commandClass: z.number(),
  endpoint: z.number().nullish(),
  property: z.union([z.string(), z.number()]),
  propertyKey: z.union([z.string(), z.number()]).nullish(),
  propertyName: z.string().nullish(),
  propertyKeyName: z.string().nullish(),
};

export const metadataSchema = z.looseObject({
  type: z.string().nullish(),
  readable: z.boolean().nullish(),
  writeable: z.boolean().nullish(),
  label: z.string().nullish(),
  unit: z.string().nullish(),
  min: z.number().nullish(),
  max: z.number().nullish(),
  states: z.record(z.string(), z.string()).nullish(),
});

export const nodeValueSchema = z.looseObject({
  ...valueIdFields,
  metadata: metadataSchema.nullish(),
  value: z.unknown().optional(),
});

/** A device class with its numbers and names (@zwave-js/server `dumpDeviceClass`); the numbers are read. */
const deviceClassSchema = z.looseObject({
  basic: z.looseObject({ key: z.number().int() }),
  generic: z.looseObject({ key: z.number().int() }),
  specific: z.looseObject({ key: z.number().int() }),
});

/** An endpoint (@zwave-js/server `EndpointState`: its device class from schema 3, its label from 26). */
const endpointStateSchema = z.looseObject({
  index: z.number().int(),
  deviceClass: deviceClassSchema.nullish(),
  endpointLabel: z.string().nullish(),
});

export const nodeStateSchema = z.looseObject({
  nodeId: z.number().int(),
  name: z.string().nullish(),
  location: z.string().nullish(),
  /** zwave-js NodeStatus: 0 Unknown, 1 Asleep, 2 Awake, 3 Dead, 4 Alive. */
  status: z.number().int(),
  ready: z.boolean().nullish(),
  isControllerNode: z.boolean().nullish(),
  lastSeen: z.union([z.string(), z.number()]).nullish(),
  label: z.string().nullish(),
  deviceConfig: z
    .looseObject({
      label: z.string().nullish(),
      description: z.string().nullish(),
      manufacturer: z.string().nullish(),
    })
    .nullish(),
  manufacturerId: z.number().int().nullish(),
  productType: z.number().int().nullish(),
  productId: z.number().int().nullish(),
  deviceClass: deviceClassSchema.nullish(),
  endpoints: z.array(endpointStateSchema).nullish(),
  values: z.array(nodeValueSchema).nullish(),
});
export type NodeState = z.infer<typeof nodeStateSchema>;

export const resultSchema = z.looseObject({
  type: z.literal("result"),
  messageId: z.string(),
  success: z.boolean(),
  result: z.unknown().optional(),
  errorCode: z.string().nullish(),
  message: z.string().nullish(),
  zwaveErrorMessage: z.string().nullish(),
});

export const stateResultSchema = z.looseObject({
  state: z.looseObject({
    controller: z.looseObject({ homeId: z.number().int().nullish() }).nullish(),
    nodes: z.array(nodeStateSchema),
  }),
});

export const setValueResultSchema = z.looseObject({
  result: z.looseObject({ status: z.number(), message: z.string().nullish() }),
});

export const pingResultSchema = z.looseObject({ responded: z.boolean() });

/** `node.poll_value`: the value the device answered the Get with (absent when it gave none). */
export const pollResultSchema = z.looseObject({ value: z.unknown().optional() });
/** `node.get_value_timestamp`: when zwave-js last stamped the value; absent when it never did. */
export const valueTimestampSchema = z.looseObject({ timestamp: z.number().nullish() });

/** The events that change what this server knows; everything else is ignored. */
export const nodeValueEventSchema = z.looseObject({
  source: z.literal("node"),
  event: z.enum(["value updated", "value added", "value removed", "metadata updated"]),
  nodeId: z.number().int(),
  args: z.looseObject({
    ...valueIdFields,
    newValue: z.unknown().optional(),
    metadata: metadataSchema.nullish(),
  }),
});

export const nodeStatusEventSchema = z.looseObject({
  source: z.literal("node"),
  event: z.enum(["dead", "alive", "sleep", "wake up"]),
  nodeId: z.number().int(),
});

export const nodeReadyEventSchema = z.looseObject({
  source: z.literal("node"),
  event: z.literal("ready"),
  nodeId: z.number().int(),
  nodeState: nodeStateSchema,
});

export const controllerNodeEventSchema = z.looseObject({
  source: z.literal("controller"),
  event: z.enum(["node added", "node removed"]),
  node: nodeStateSchema,
});

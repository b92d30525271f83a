// One device as the server describes it to a host: its identity, status, each endpoint with what it
// is for and what it reports. `list_zwave_devices` lists these, and the state events
// (src/zwave/state-events.ts) carry the same, so a host's view is one shape whichever way it came.
import type { DeviceSummary, EndpointSummary } from "./contract.js";
import { deviceState, endpointReport, endpointState } from "./device-state.js";
import { namedEndpoints, type NamedEndpoint } from "./endpoints.js";
import { isActuator, type EndpointFunction } from "./functions.js";
import type { ZwaveNode } from "./model.js";
import type { ZwaveNetwork } from "./network.js";

/** The node's one kind, for hosts that read one per node: its first endpoint that acts, else its first. */
function kindOf(endpoints: EndpointSummary[]): DeviceSummary["kind"] {
  const main = endpoints.find((e) => isActuator(e.function)) ?? endpoints[0];
  const fn: EndpointFunction = main?.function ?? "other";
  return fn === "light" ? "dimmer" : fn;
}

function endpointSummary(node: ZwaveNode, e: NamedEndpoint): EndpointSummary {
  const state = endpointState(node, e);
  return {
    endpoint: e.index,
    name: e.name,
    label: e.label ?? null,
    function: e.function,
    coverType: e.coverType ?? null,
    deviceClass: e.deviceClass ?? null,
    commandClasses: e.commandClasses,
    on: state.on,
    level: state.level,
    value: state.value ?? null,
    ...endpointReport(node, e),
  };
}

export function deviceSummary(network: Pick<ZwaveNetwork, "ref">, node: ZwaveNode): DeviceSummary {
  const endpoints = namedEndpoints(node).map((e) => endpointSummary(node, e));
  const main = endpoints.find((e) => isActuator(e.function)) ?? endpoints[0];
  return {
    ...network.ref(node),
    state: deviceState(node),
    kind: kindOf(endpoints),
    on: main?.on ?? null,
    level: main?.level ?? null,
    value: main?.value ?? null,
    endpoints,
    product: node.product
      ? {
          ...node.product,
          label: node.productLabel ?? null,
          description: node.productDescription ?? null,
        }
      : null,
  };
}

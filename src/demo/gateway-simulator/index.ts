// The simulated Z-Wave JS UI MQTT gateway that `npm start` and the tests use: start it, and build
// its devices.
export { startGatewaySimulator } from "./simulator.js";
export { DEVICE_CLASSES, binarySwitch, demoNodes, dimmer, multisensor } from "./devices.js";
export type {
  GatewaySimulator,
  NodeStatus,
  SimDeviceClass,
  SimEndpoint,
  SimNode,
  SimValue,
  SimValueId,
  SimulatorOptions,
} from "./types.js";

// The simulated Z-Wave JS UI MQTT gateway that `npm start` and the tests use: start it, and build
// its devices.
export { startGatewaySimulator } from "./simulator.js";
export {
  DEVICE_CLASSES,
  binarySwitch,
  colorBulb,
  demoNodes,
  dimmer,
  doorSensor,
  garageDoor,
  meteredPlug,
  multisensor,
  rollerShutter,
  waterSensor,
  windowCovering,
} from "./devices.js";
export type {
  GatewayConnection,
  GatewayConnectOptions,
  GatewaySimulator,
  NodeStatus,
  SimDeviceClass,
  SimEndpoint,
  SimNode,
  SimValue,
  SimValueId,
  SimulatorOptions,
} from "./types.js";

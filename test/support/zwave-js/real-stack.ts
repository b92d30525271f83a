// The real Z-Wave JS stack without hardware: zwave-js's mock controller and mock nodes on a loopback
// TCP port, the real zwave-js driver connected to it over tcp://, and the real @zwave-js/server on
// a free port — what the official Z-Wave JS add-on runs, minus the stick.
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { ZwavejsServer } from "@zwave-js/server";
import {
  BinarySensorCCReport,
  BinarySwitchCCGet,
  BinarySwitchCCReport,
  BinarySwitchCCSet,
  MeterCCReport,
  MultilevelSensorCCReport,
  NotificationCCReport,
  MultilevelSwitchCCReport,
} from "@zwave-js/cc";
import { createMockZWaveRequestFrame, type MockController, type MockNode } from "@zwave-js/testing";
import { Driver } from "zwave-js";
import { MockServer } from "zwave-js/Testing";
import WebSocket from "ws";
import { freePort } from "../free-port.js";
import { withReframingServers } from "./reframing.js";
import { fillMockGaps } from "./mock-gaps.js";
import { MOCK_NETWORK_VERSION, mockNodes, type MockDevice, type MockDeviceSpec } from "./mock-nodes.js";
import {
  barrierBehavior,
  batteryBehavior,
  binarySensorStateBehavior,
  STATE,
  travellingShutterBehavior,
} from "./device-behaviors.js";

/** What zwave-js's mock server says of itself on stdout (build/esm/mockServer.js). */
const MOCK_SERVER_NARRATION =
  /^(Mock serial port opened|Client (dis)?connected|Server listening on tcp:|Enabled mDNS service discovery|Shutting down mock server|Mock server shut down)/;

/**
 * How a device tells its new state after a Set: `itself` at once (lifeline reporting, as most
 * Z-Wave Plus devices do), `when-asked` only to zwave-js's verification Get (the mock's default:
 * ~1 s later for a switch, ~5 s for a dimmer), or `never` (it takes Sets and answers no Get).
 */
export type ReportingMode = "itself" | "when-asked" | "never";

export interface RealZwaveStack {
  /** ws://127.0.0.1:<port> of @zwave-js/server. */
  url: string;
  /** The zwave-js node ids of the named mock devices. */
  devices: Record<MockDevice, number>;
  /** The device reports a new state by itself (someone used the switch at the wall). */
  reportAtDevice(device: "switch", on: boolean): Promise<void>;
  /** A dimmer's level or a shutter's position changed at the device (its own button, a scene): it reports it unasked. */
  reportLevelAtDevice(device: "dimmer" | "bulb" | "shutter", level: number): Promise<void>;
  reportTemperature(celsius: number): Promise<void>;
  /** The metered plug reports the power it draws now, unasked (an electric meter, in W). */
  reportPower(watts: number): Promise<void>;
  /** The device stops answering (unplugged): it neither acks nor responds. */
  silence(device: MockDevice): void;
  /** How the device reports after a Set from now on (see `ReportingMode`). */
  setReporting(device: "switch" | "dimmer", mode: ReportingMode): void;
  /**
   * zwave-js's optimistic value updates on or off, as Z-Wave JS UI's "Disable optimistic value
   * update" setting does it: the driver option `disableOptimisticValueUpdate`, changed on the fly
   * (Z-Wave JS UI api/app.ts passes it to `driver.updateOptions`).
   */
  setOptimisticUpdates(on: boolean): void;
  /** The state the mock device holds, read at the device (the shutter: its position; a lock: its Door Lock mode, 255 secured). */
  deviceState(device: MockDevice): unknown;
  /** A Multilevel Switch's level (a shutter's position, 0–99) held at the device, by node id. */
  levelOf(nodeId: number): unknown;
  /** What one endpoint of the relay holds, read at the device. */
  relayState(endpoint: number): boolean;
  /** What one endpoint of a device that keeps a switch per endpoint holds, by node id. */
  endpointSwitchOf(nodeId: number, endpoint: number): boolean;
  /** The Color Bulb's channels (0–255) and its level (0–99), read at the device. */
  bulbState(): {
    warmWhite: number;
    coldWhite: number;
    red: number;
    green: number;
    blue: number;
    level: number;
  };
  /** The door contact reports the door opened or closed (Notification CC, Access Control). */
  reportDoor(open: boolean): Promise<void>;
  /** The leak sensor reports water, or dry again (Binary Sensor CC, Water). */
  reportLeak(wet: boolean): Promise<void>;
  /** What the device received from the controller, oldest first: each command's name and its logged fields. */
  received(device: MockDevice): Array<{ command: string; fields: Record<string, unknown> }>;
  /** The node ids of each multicast frame the driver sent (SendDataMulticast, or its bridge form), oldest first. */
  multicasts(): number[][];
  /** Stops the websocket server and starts it again on the same port (an add-on restart). */
  restartServer(whileDown?: () => Promise<void>): Promise<void>;
  /** Sends one server command on a short-lived connection of its own, as another client would. */
  serverCommand(command: string, args: Record<string, unknown>): Promise<unknown>;
  stop(): Promise<void>;
}

const silent = new Set<MockNode>();
/** What each mock node received, by node id. */
const receivedBy = new Map<number, Array<{ command: string; fields: Record<string, unknown> }>>();
/** Devices whose reporting after a Set is not the mock's default (`when-asked`). */
const reporting = new Map<MockNode, ReportingMode>();
/** A device's own report follows its Set by about a radio round trip. */
const OWN_REPORT_DELAY_MS = 30;

/**
 * The driver's cache as it was right after the first interview of the mock nodes: a cold interview
 * takes ~12 s, one from this cache ~3 s. Each stack starts from a copy, so the values one run left
 * behind (a dimmer at 40 %) never leak into the next.
 *
 * The cache keeps each value's timestamp, and the bridge says a reading's age once it is older than
 * the device's usual report interval (a battery's is about a day). A seed is therefore made afresh
 * every hour, so the readings a run starts from are as new as a freshly included device's.
 */
const SEED_FOR_MS = 60 * 60_000;
const SEED_PREFIX = "mcp-assist-zwave-js-cache-";

/**
 * A bound on `startRealZwaveStack` on a loaded two-core CI machine, not a speed: at most one cold
 * interview (its own, or another test file's that it waits for) and a start from the seed. Idle,
 * they take ~16 s and ~5 s, mostly the mock's radio delays between ~2000 frames (2.3 s and 0.6 s
 * of CPU); each frame waits for the scheduler too, so with ten tasks ready on two cores they take
 * several times as long.
 */
export const REAL_STACK_START_MS = 120_000;

async function seededCacheDir(mockPort: number, version: string): Promise<string> {
  const hour = Math.floor(Date.now() / SEED_FOR_MS);
  const seed = join(tmpdir(), `${SEED_PREFIX}${version}-h${hour}`);
  await seedOnce(seed, mockPort, hour);
  const work = mkdtempSync(join(tmpdir(), "mcp-assist-zwave-js-cache-run-"));
  // Not the seeding driver's DB locks (jsonl-db's `<file>.lock` folders), which it may release only
  // after `destroy()` resolves: a copied lock keeps the next driver from opening its cache.
  cpSync(seed, work, { recursive: true, filter: (src) => !src.endsWith(".lock") });
  return work;
}

/**
 * Makes the seed unless it is there, one test file at a time: the others wait for it and start
 * from it. Each file that starts a stack in a run's first seconds (or after the hour turns) would
 * otherwise run a cold interview of its own beside the others', on the same two cores. The lock
 * only saves work: two seeders at once (a lock taken from a seeder that died) still end with one
 * whole seed.
 */
async function seedOnce(seed: string, mockPort: number, hour: number): Promise<void> {
  const complete = join(seed, "complete");
  const lock = `${seed}.seeding`;
  while (!existsSync(complete)) {
    if (!takeSeedingLock(lock)) {
      await delay(250);
      continue;
    }
    try {
      if (!existsSync(complete)) await makeSeed(seed, mockPort);
    } finally {
      removeLock(lock);
    }
    removeOldSeeds(hour);
  }
}

/** True when this process now seeds; a lock whose seeder's process is gone is cleared for the next try. */
function takeSeedingLock(lock: string): boolean {
  // Made whole, with its owner's pid, then renamed into place: a lock is never seen without one.
  const mine = mkdtempSync(`${lock}-`);
  writeFileSync(join(mine, "pid"), String(process.pid));
  try {
    renameSync(mine, lock);
    return true;
  } catch {
    rmSync(mine, { recursive: true, force: true });
  }
  let owner = 0;
  try {
    owner = Number(readFileSync(join(lock, "pid"), "utf8"));
  } catch {
    // Released meanwhile.
  }
  if (owner > 0 && !isAlive(owner)) removeLock(lock);
  return false;
}

/** Moved aside first: the name is free at once, and never names a lock half removed. */
function removeLock(lock: string): void {
  const aside = `${lock}-gone-${process.pid}-${Date.now()}`;
  try {
    renameSync(lock, aside);
  } catch {
    return; // removed by another
  }
  rmSync(aside, { recursive: true, force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function makeSeed(seed: string, mockPort: number): Promise<void> {
  const cold = mkdtempSync(join(tmpdir(), "mcp-assist-zwave-js-cold-"));
  const driver = await startDriver(mockPort, cold);
  await driver.destroy();
  writeFileSync(join(cold, "complete"), "");
  try {
    // A rename, so a test file running in parallel never sees half a seed.
    renameSync(cold, seed);
  } catch {
    // Another test file seeded this hour first: its seed is as good as ours.
    rmSync(cold, { recursive: true, force: true });
  }
}

/** Seeds (and their locks) from before the last hour, which no test file starting now copies any more. */
function removeOldSeeds(hour: number): void {
  for (const name of readdirSync(tmpdir())) {
    const made = name.startsWith(SEED_PREFIX) ? /-h(\d+)(?:\.seeding.*)?$/.exec(name)?.[1] : undefined;
    if (made !== undefined && Number(made) < hour - 1)
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

async function startDriver(mockPort: number, cacheDir: string): Promise<Driver> {
  const driver = new Driver(`tcp://127.0.0.1:${mockPort}`, {
    storage: { cacheDir },
    // ZWAVE_JS_LOG=<file> keeps the driver's debug log there, to see what a failing test did.
    logConfig: process.env.ZWAVE_JS_LOG
      ? { enabled: true, level: "debug", logToFile: true, filename: process.env.ZWAVE_JS_LOG }
      : { enabled: false },
    features: { softReset: false },
    // What the Z-Wave JS add-on runs (zwave-js-server src/bin/server.ts) and Z-Wave JS UI sets.
    emitValueUpdateAfterSetValue: true,
  });
  driver.on("error", () => {}); // the tests see its effects through the server
  const allReady = new Promise<void>((resolve) => driver.once("all nodes ready", () => resolve()));
  await driver.start();
  await allReady;
  return driver;
}

/** A version 2 (Binary) or 4 (Multilevel) Switch report of the state the mock now holds, with target and duration. */
function ownReport(
  m: MockNode,
  ownNodeId: number,
): BinarySwitchCCReport | MultilevelSwitchCCReport | undefined {
  const binary = m.state.get("BinarySwitch_currentValue");
  if (typeof binary === "boolean")
    return new BinarySwitchCCReport({
      nodeId: ownNodeId,
      currentValue: binary,
      targetValue: binary,
      duration: "0s",
    });
  const level = m.state.get("MultilevelSwitch_currentValue");
  if (typeof level === "number")
    return new MultilevelSwitchCCReport({
      nodeId: ownNodeId,
      currentValue: level,
      targetValue: level,
      duration: "0s",
    });
  return undefined;
}

/** The `defaultValue` a mock node's switch capabilities give, if any. */
function defaultValueOf(spec: { capabilities: { commandClasses?: unknown[] } } | undefined): unknown {
  for (const c of spec?.capabilities.commandClasses ?? []) {
    if (typeof c === "object" && c !== null && "defaultValue" in c)
      return (c as { defaultValue: unknown }).defaultValue;
  }
  return undefined;
}

const endpointKey = (endpoint: number) => `BinarySwitch_currentValue_${endpoint}`;

/**
 * A Binary Switch per endpoint: zwave-js's stock mock behaviour keeps one state for the whole node,
 * so a Set to endpoint 2 would show on endpoint 1 too. Multi Channel encapsulation is unwrapped and
 * the report wrapped back by the stock Multi Channel behaviour.
 */
const switchPerEndpoint = {
  handleCC(
    controller: MockController,
    self: MockNode,
    received: unknown,
  ): { action: "ok" } | { action: "sendCC"; cc: BinarySwitchCCReport } | undefined {
    if (received instanceof BinarySwitchCCSet) {
      self.state.set(endpointKey(received.endpointIndex), received.targetValue);
      return { action: "ok" };
    }
    if (received instanceof BinarySwitchCCGet) {
      const currentValue = self.state.get(endpointKey(received.endpointIndex)) === true;
      return {
        action: "sendCC",
        cc: new BinarySwitchCCReport({ nodeId: controller.ownNodeId, currentValue }),
      };
    }
    return undefined;
  },
};

const quietLogger = { error() {}, warn() {}, info() {}, debug() {} };

/** The mock devices a stack has, and the version of their driver cache (change it with them). */
export interface MockNetwork {
  nodes: MockDeviceSpec[];
  version: string;
}

export async function startRealZwaveStack(
  network: MockNetwork = { nodes: mockNodes(), version: MOCK_NETWORK_VERSION },
): Promise<RealZwaveStack> {
  fillMockGaps();
  const mockPort = await freePort();
  const { nodes } = network;
  let controller: MockController | undefined;
  let mocks: MockNode[] = [];
  const mock = new MockServer({
    interface: "127.0.0.1",
    port: mockPort,
    config: {
      nodes: nodes.map((n) => ({ id: n.id, capabilities: n.capabilities })),
      onInit: (c, ns) => {
        controller = c;
        mocks = ns;
        for (const m of ns) {
          const spec = nodes.find((n) => n.id === m.id);
          m.defineBehavior({
            handleCC: (_controller, _self, received) => {
              if (silent.has(m)) return { action: "stop" };
              // Acknowledged and ignored: no state changes, so a Get still reports the old state.
              if (spec?.ignoresSets && received.constructor.name.endsWith("Set")) return { action: "ack" };
              // Taken, and never told: a Get is acknowledged and goes unanswered.
              if (reporting.get(m) === "never" && received.constructor.name.endsWith("Get"))
                return { action: "ack" };
              return undefined;
            },
            transformResponse: (c, self, received, response) => {
              if (reporting.get(m) === "itself" && received.constructor.name.endsWith("SwitchCCSet")) {
                const report = ownReport(self, c.ownNodeId);
                setTimeout(() => {
                  if (report && !silent.has(self))
                    void self.sendToController(createMockZWaveRequestFrame(report, { ackRequested: false }));
                }, OWN_REPORT_DELAY_MS);
              }
              return response;
            },
          });
          if (spec?.switchPerEndpoint) m.defineBehavior(switchPerEndpoint);
          if (spec?.battery !== undefined) m.defineBehavior(batteryBehavior(spec.battery));
          if (spec?.barrier) m.defineBehavior(barrierBehavior(spec.barrier.travelMs));
          if (spec?.travelMs !== undefined)
            m.defineBehavior(travellingShutterBehavior(spec.travelMs, spec.stopsAt));
          if (spec?.device === "leak") m.defineBehavior(binarySensorStateBehavior);
          // Defined last, so it runs first: what reached the device, whatever answers it.
          m.defineBehavior({
            handleCC: (_controller, _self, received) => {
              const entry = received.toLogEntry() as { message?: Record<string, unknown> };
              const list = receivedBy.get(m.id) ?? [];
              list.push({ command: received.constructor.name, fields: { ...(entry.message ?? {}) } });
              receivedBy.set(m.id, list);
              return undefined;
            },
          });
          if (spec?.silentFromStart) {
            m.autoAckControllerFrames = false;
            silent.add(m);
          }
        }
      },
    },
  });
  // The mock server narrates every connection on stdout (zwave-js build/esm/mockServer.js): those
  // lines alone are dropped until the stack stops, so that a benchmark's own output still prints.
  const log = console.log;
  console.log = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && MOCK_SERVER_NARRATION.test(args[0])) return;
    log(...args);
  };
  await withReframingServers(() => mock.start());

  const cacheDir = await seededCacheDir(mockPort, network.version);
  const driver = await startDriver(mockPort, cacheDir);

  const serverPort = await freePort();
  const url = `ws://127.0.0.1:${serverPort}`;
  let server = new ZwavejsServer(driver, {
    port: serverPort,
    host: "127.0.0.1",
    logger: quietLogger,
    enableDNSServiceDiscovery: false,
  });
  await server.start(true);

  const mockOf = (device: MockDevice): MockNode => {
    const id = nodes.find((n) => n.device === device)?.id;
    const m = mocks.find((x) => x.id === id);
    if (!m) throw new Error(`no mock node for ${device}`);
    return m;
  };
  const ownNodeId = () => controller?.ownNodeId ?? 1;

  async function serverCommand(command: string, args: Record<string, unknown>): Promise<unknown> {
    const ws = new WebSocket(url);
    try {
      await new Promise<void>((resolve, reject) => {
        ws.once("error", reject);
        ws.once("message", () => resolve()); // the version message
      });
      const send = (msg: Record<string, unknown>) =>
        new Promise<unknown>((resolve, reject) => {
          const messageId = String(Math.random());
          ws.on("message", (data) => {
            const m = JSON.parse(data.toString()) as {
              messageId?: string;
              success?: boolean;
              result?: unknown;
            };
            if (m.messageId !== messageId) return;
            if (m.success) resolve(m.result);
            else reject(new Error(`${String(msg.command)} failed: ${data.toString()}`));
          });
          ws.send(JSON.stringify({ ...msg, messageId }));
        });
      await send({ command: "set_api_schema", schemaVersion: 44 });
      return await send({ command, ...args });
    } finally {
      ws.close();
    }
  }

  for (const n of nodes) {
    await serverCommand("node.set_name", { nodeId: n.id, name: n.name, updateCC: false });
    await serverCommand("node.set_location", { nodeId: n.id, location: n.loc, updateCC: false });
  }

  /**
   * Resolves once the driver has taken the device's next report of `commandClass` (its "value
   * updated", which the server passes on as it comes): the moment the gateway reports the change,
   * from which the bridge's view is timed. A frame the driver never takes ends the wait after 5 s.
   */
  function heardByDriver(device: MockDevice, commandClass: number): Promise<void> {
    const node = driver.controller.nodes.get(nodes.find((n) => n.device === device)?.id ?? -1);
    if (!node) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        node.off("value updated", onValue);
        resolve();
      };
      const onValue = (_node: unknown, args: { commandClass: number }) => {
        if (args.commandClass === commandClass) done();
      };
      const timer = setTimeout(done, 5000);
      node.on("value updated", onValue);
    });
  }

  return {
    url,
    devices: Object.fromEntries(nodes.map((n) => [n.device, n.id])) as Record<MockDevice, number>,
    async reportAtDevice(_device, on) {
      const m = mockOf("switch");
      m.state.set("BinarySwitch_currentValue", on);
      const cc = new BinarySwitchCCReport({ nodeId: ownNodeId(), currentValue: on });
      await m.sendToController(createMockZWaveRequestFrame(cc, { ackRequested: false }));
    },
    async reportLevelAtDevice(device, level) {
      const m = mockOf(device);
      m.state.set("MultilevelSwitch_currentValue", level);
      const cc = new MultilevelSwitchCCReport({
        nodeId: ownNodeId(),
        currentValue: level,
        targetValue: level,
        duration: "0s",
      });
      const heard = heardByDriver(device, 0x26);
      await m.sendToController(createMockZWaveRequestFrame(cc, { ackRequested: false }));
      await heard;
    },
    async reportTemperature(celsius) {
      const m = mockOf("sensor");
      const cc = new MultilevelSensorCCReport({ nodeId: ownNodeId(), type: 1, scale: 0, value: celsius });
      await m.sendToController(createMockZWaveRequestFrame(cc, { ackRequested: false }));
    },
    async reportPower(watts) {
      const m = mockOf("plug");
      // What it draws now: a Get (the driver's refresh, a poll) answers the same.
      const meter = nodes.find((n) => n.device === "plug")?.meter;
      if (meter) meter[2] = watts;
      // Electric meter (type 1), W (scale 2), consumed (rate type 1): the value the plug listed.
      const cc = new MeterCCReport({ nodeId: ownNodeId(), type: 1, scale: 2, rateType: 1, value: watts });
      await m.sendToController(createMockZWaveRequestFrame(cc, { ackRequested: false }));
    },
    silence(device) {
      const m = mockOf(device);
      m.autoAckControllerFrames = false;
      silent.add(m);
    },
    setReporting(device, mode) {
      reporting.set(mockOf(device), mode);
    },
    setOptimisticUpdates(on) {
      driver.updateOptions({ disableOptimisticValueUpdate: !on });
    },
    deviceState(device) {
      const m = mockOf(device);
      if (device === "blind") return m.state.get("WindowCovering_currentValue_13") ?? 0;
      if (device === "garage") return m.state.get(STATE.barrier) ?? 0;
      if (device === "lock") return m.state.get("DoorLock_currentMode");
      const multilevel = device === "dimmer" || device === "shutter";
      const held = m.state.get(multilevel ? "MultilevelSwitch_currentValue" : "BinarySwitch_currentValue");
      // Until a Set, the mock answers Gets with the default its capabilities give.
      return held ?? defaultValueOf(nodes.find((n) => n.device === device));
    },
    levelOf(nodeId) {
      const m = mocks.find((x) => x.id === nodeId);
      return (
        m?.state.get("MultilevelSwitch_currentValue") ?? defaultValueOf(nodes.find((n) => n.id === nodeId))
      );
    },
    endpointSwitchOf(nodeId, endpoint) {
      return mocks.find((x) => x.id === nodeId)?.state.get(endpointKey(endpoint)) === true;
    },
    relayState(endpoint) {
      return mockOf("relay").state.get(endpointKey(endpoint)) === true;
    },
    bulbState() {
      const m = mockOf("bulb");
      const channel = (name: string, fallback: number) =>
        (m.state.get(`ColorSwitch_${name}`) as number | undefined) ?? fallback;
      return {
        warmWhite: channel("Warm White", 255),
        coldWhite: channel("Cold White", 0),
        red: channel("Red", 0),
        green: channel("Green", 0),
        blue: channel("Blue", 0),
        level: (m.state.get("MultilevelSwitch_currentValue") as number | undefined) ?? 0,
      };
    },
    async reportDoor(open) {
      const cc = new NotificationCCReport({
        nodeId: ownNodeId(),
        notificationType: 0x06,
        notificationEvent: open ? 0x16 : 0x17,
      });
      await mockOf("door").sendToController(createMockZWaveRequestFrame(cc, { ackRequested: false }));
    },
    async reportLeak(wet) {
      const m = mockOf("leak");
      m.state.set(STATE.binarySensor(6), wet);
      const cc = new BinarySensorCCReport({ nodeId: ownNodeId(), type: 6, value: wet });
      await m.sendToController(createMockZWaveRequestFrame(cc, { ackRequested: false }));
    },
    received: (device) => [...(receivedBy.get(mockOf(device).id) ?? [])],
    multicasts: () =>
      (controller?.receivedHostMessages ?? [])
        .filter((msg) => /^SendDataMulticast(Bridge)?Request$/.test(msg.constructor.name))
        .map((msg) => [...(msg as unknown as { nodeIds: number[] }).nodeIds]),
    async restartServer(whileDown) {
      await server.destroy();
      await whileDown?.();
      server = new ZwavejsServer(driver, {
        port: serverPort,
        host: "127.0.0.1",
        logger: quietLogger,
        enableDNSServiceDiscovery: false,
      });
      await server.start(true);
    },
    serverCommand,
    async stop() {
      // zwave-js's own mock behaviours (a Window Covering's travel) answer on timers that outlive
      // the stack: a frame with no controller left to acknowledge it would reject unhandled in
      // whichever test file the worker runs next. A stopping stack's devices say nothing.
      for (const m of mocks) m.sendToController = () => Promise.resolve(undefined);
      await server.destroy().catch(() => {});
      await driver.destroy().catch(() => {});
      await mock.stop().catch(() => {});
      rmSync(cacheDir, { recursive: true, force: true });
      silent.clear();
      receivedBy.clear();
      reporting.clear();
      console.log = log;
    },
  };
}

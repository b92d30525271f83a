// Device behaviours zwave-js's mock controller lacks, written from the command classes' own
// definitions in @zwave-js/cc, so the real driver interviews and drives these devices as it would
// real ones: Battery CC (the mock answers no Battery Get), Barrier Operator CC (no mock behaviour
// at all), a Binary Sensor whose state a test changes (the stock one answers from a fixed
// getValue), and a shutter motor that takes its time to travel (the stock one is there at once).
import {
  BarrierOperatorCCGet,
  BarrierOperatorCCReport,
  BarrierOperatorCCSet,
  BarrierOperatorCCSignalingCapabilitiesGet,
  BarrierOperatorCCSignalingCapabilitiesReport,
  BatteryCCGet,
  BatteryCCReport,
  BinarySensorCCGet,
  BinarySensorCCReport,
  CommandClass,
  MultilevelSwitchCCGet,
  MultilevelSwitchCCReport,
  MultilevelSwitchCCSet,
} from "@zwave-js/cc";
import { Bytes } from "@zwave-js/shared";
import {
  createMockZWaveRequestFrame,
  type MockController,
  type MockNode,
  type MockNodeBehavior,
} from "@zwave-js/testing";

type Received = Parameters<NonNullable<MockNodeBehavior["handleCC"]>>[2];

/**
 * zwave-js 15.29 parses these reports but does not serialize them (BarrierOperatorCC.ts has no
 * `serialize` for its Report and Signaling Capabilities Report): the device's bytes, as the CC
 * defines them, written here.
 */
function withPayload<T extends CommandClass>(cc: T, bytes: number[]): T {
  cc.serialize = function (this: T, ctx) {
    this.payload = Bytes.from(bytes);
    return CommandClass.prototype.serialize.call(this, ctx);
  };
  return cc;
}

/** The state keys the behaviours keep on the mock node. */
export const STATE = {
  battery: "Battery_level",
  barrier: "BarrierOperator_currentState",
  binarySensor: (type: number) => `BinarySensor_${type}`,
};

/** Battery CC version 1: a Get is answered with the level. */
export function batteryBehavior(level: number): MockNodeBehavior {
  return {
    handleCC(controller: MockController, self: MockNode, received: Received) {
      if (!(received instanceof BatteryCCGet)) return undefined;
      const now = (self.state.get(STATE.battery) as number | undefined) ?? level;
      return { action: "sendCC", cc: new BatteryCCReport({ nodeId: controller.ownNodeId, level: now }) };
    },
  };
}

/**
 * A garage door opener (Barrier Operator CC version 1): no signaling subsystems; a Set starts it
 * moving, it reports "opening" (254) or "closing" (252) at once and open (255) or closed (0) after
 * `travelMs`; a Get answers where it is.
 */
export function barrierBehavior(travelMs: number): MockNodeBehavior {
  return {
    handleCC(controller: MockController, self: MockNode, received: Received) {
      const state = () => (self.state.get(STATE.barrier) as number | undefined) ?? 0;
      // One byte says both state and position (0 closed, 252–255 moving, stopped or open).
      const report = (currentState: number) =>
        withPayload(
          new BarrierOperatorCCReport({
            nodeId: controller.ownNodeId,
            currentState,
            position: currentState === 255 ? 100 : currentState === 0 ? 0 : 0xfe,
          }),
          [currentState],
        );
      if (received instanceof BarrierOperatorCCSignalingCapabilitiesGet) {
        // A bit mask of the signaling subsystems (audible, visual): none.
        const none = new BarrierOperatorCCSignalingCapabilitiesReport({
          nodeId: controller.ownNodeId,
          supportedSubsystemTypes: [],
        });
        return { action: "sendCC", cc: withPayload(none, [0]) };
      }
      if (received instanceof BarrierOperatorCCGet) return { action: "sendCC", cc: report(state()) };
      if (received instanceof BarrierOperatorCCSet) {
        const final = received.targetState === 0 ? 0 : 255;
        if (state() === final) return { action: "ok" };
        const moving = final === 255 ? 254 : 252;
        self.state.set(STATE.barrier, moving);
        const tell = (s: number) =>
          void self.sendToController(createMockZWaveRequestFrame(report(s), { ackRequested: false }));
        setTimeout(() => tell(moving), 30);
        setTimeout(() => {
          self.state.set(STATE.barrier, final);
          tell(final);
        }, travelMs);
        return { action: "ok" };
      }
      return undefined;
    },
  };
}

/** Binary Sensor Gets answered from the state a test set (`STATE.binarySensor(type)`), where it did. */
export const binarySensorStateBehavior: MockNodeBehavior = {
  handleCC(controller: MockController, self: MockNode, received: Received) {
    if (!(received instanceof BinarySensorCCGet) || received.sensorType === undefined) return undefined;
    const value = self.state.get(STATE.binarySensor(received.sensorType));
    if (typeof value !== "boolean") return undefined;
    return {
      action: "sendCC",
      cc: new BinarySensorCCReport({ nodeId: controller.ownNodeId, type: received.sensorType, value }),
    };
  },
};

const LEVEL = "MultilevelSwitch_currentValue";
/** A travelling motor tells where it is this often on its way (as modules that report during motion do). */
const TRAVEL_REPORT_MS = 1000;

/**
 * A roller shutter motor (Multilevel Switch version 4) that takes `travelMs` to go all the way: a
 * Set starts it moving, it tells where it is about every second on its way and once it stops, and a
 * Get answers where it is now, with where it is going and how long that takes. With `stopsAt`,
 * something is in its way there: a motor sent past it stops at it.
 */
export function travellingShutterBehavior(travelMs: number, stopsAt?: number): MockNodeBehavior {
  let motion: { from: number; to: number; sent: number; startedAt: number; durationMs: number } | undefined;
  const timers: NodeJS.Timeout[] = [];
  const at = (self: MockNode): number => {
    if (!motion) return (self.state.get(LEVEL) as number | undefined) ?? 99;
    const progress = Math.min(1, (Date.now() - motion.startedAt) / motion.durationMs);
    return Math.round(motion.from + (motion.to - motion.from) * progress);
  };
  return {
    handleCC(controller: MockController, self: MockNode, received: Received) {
      const report = () => {
        const currentValue = at(self);
        const targetValue = motion?.sent ?? currentValue;
        const left = motion ? Math.max(0, motion.startedAt + motion.durationMs - Date.now()) : 0;
        return new MultilevelSwitchCCReport({
          nodeId: controller.ownNodeId,
          currentValue,
          targetValue,
          duration: `${Math.ceil(left / 1000)}s`,
        });
      };
      if (received instanceof MultilevelSwitchCCGet) return { action: "sendCC", cc: report() };
      if (!(received instanceof MultilevelSwitchCCSet)) return undefined;
      for (const t of timers.splice(0)) clearTimeout(t);
      const from = at(self);
      const sent = Math.min(99, received.targetValue === 255 ? 99 : received.targetValue);
      const blocked =
        stopsAt !== undefined && Math.min(from, sent) < stopsAt && stopsAt < Math.max(from, sent);
      const to = blocked ? stopsAt : sent;
      const durationMs = Math.max(1, (travelMs * Math.abs(to - from)) / 99);
      motion = { from, to, sent, startedAt: Date.now(), durationMs };
      const tell = () =>
        void self.sendToController(createMockZWaveRequestFrame(report(), { ackRequested: false }));
      for (let t = TRAVEL_REPORT_MS; t < durationMs; t += TRAVEL_REPORT_MS) timers.push(setTimeout(tell, t));
      timers.push(
        setTimeout(() => {
          self.state.set(LEVEL, to);
          motion = undefined;
          tell();
        }, durationMs),
      );
      return { action: "ok" };
    },
  };
}

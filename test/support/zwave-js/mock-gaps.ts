// What zwave-js 15.29's mock tooling cannot do that these tests need, each written from the
// definition of the message or command class (in @zwave-js/serial and @zwave-js/cc), so the real
// driver meets devices that behave as real ones do. Installed once, before the mock hears anything.
// - `BarrierOperatorCCSet.from` throws "deserialization not implemented": a mock device could not
//   receive a Barrier Operator Set. Its one byte is the target state (0 close, 255 open).
// - `ColorSwitchCCSet.from` writes the channels into the class instead of its table and throws: a
//   mock device could not receive a Color Switch Set. A count, then a channel number and value each
//   (the duration after them is left out).
// - `SendDataMulticastBridgeRequestTransmitReport` has no `serialize`: the mock controller's callback
//   for a multicast comes without callback id and status, so the driver waits on it, then resets the
//   controller. Callback id, then transmit status, as `SendDataMulticastRequestTransmitReport` has it.
import { BarrierOperatorCCSet, ColorSwitchCCSet } from "@zwave-js/cc";
import { SendDataMulticastBridgeRequestTransmitReport } from "@zwave-js/serial/serialapi";
import { Bytes } from "@zwave-js/shared";

type Parse<T> = (raw: { payload: Uint8Array }, ctx: { sourceNodeId: number }) => T;

/** The Color Switch Set table's keys by channel number (zwave-js `ColorComponent`). */
const COLOR_KEYS = ["warmWhite", "coldWhite", "red", "green", "blue", "amber", "cyan", "purple", "index"];

export function fillMockGaps(): void {
  (BarrierOperatorCCSet as unknown as { from: Parse<BarrierOperatorCCSet> }).from = (raw, ctx) =>
    new BarrierOperatorCCSet({ nodeId: ctx.sourceNodeId, targetState: raw.payload[0] === 0 ? 0 : 255 });

  (ColorSwitchCCSet as unknown as { from: Parse<ColorSwitchCCSet> }).from = (raw, ctx) => {
    const count = (raw.payload[0] ?? 0) & 0x1f;
    const table: Record<string, number> = {};
    for (let i = 0; i < count; i++) {
      const key = COLOR_KEYS[raw.payload[1 + 2 * i] ?? -1];
      const value = raw.payload[2 + 2 * i];
      if (key && value !== undefined) table[key] = value;
    }
    return new ColorSwitchCCSet({ nodeId: ctx.sourceNodeId, ...table });
  };

  const report = SendDataMulticastBridgeRequestTransmitReport.prototype as unknown as {
    callbackId?: number;
    transmitStatus: number;
    payload: Bytes;
    serialize(ctx: unknown): unknown;
  };
  if (!Object.prototype.hasOwnProperty.call(report, "serialize")) {
    const message = Object.getPrototypeOf(report) as typeof report;
    report.serialize = function (this: typeof report, ctx: unknown) {
      this.payload = Bytes.from([this.callbackId ?? 0, this.transmitStatus]);
      return message.serialize.call(this, ctx);
    };
  }
}

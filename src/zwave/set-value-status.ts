// zwave-js's `SetValueStatus` (packages/cc/src/lib/SetValueResult.ts upstream), returned by
// `node.setValue`, by @zwave-js/server's `node.set_value` and by Z-Wave JS UI's `writeValue`), read
// once for both transports.
import { ZwaveToolError } from "./errors.js";

export const SetValueStatus = {
  NoDeviceSupport: 0,
  /** Supervised: the device accepted the command and is still carrying it out. */
  Working: 1,
  Fail: 2,
  EndpointNotFound: 3,
  NotImplemented: 4,
  InvalidValue: 5,
  /** Unsupervised: the device acknowledged the frame; nothing more is known. */
  SuccessUnsupervised: 254,
  /** Supervised: the device itself reported the command done. */
  Success: 255,
} as const;

/** The statuses after which the write went out. */
const WENT_OUT = new Set<number>([
  SetValueStatus.Working,
  SetValueStatus.SuccessUnsupervised,
  SetValueStatus.Success,
]);

const FAILURES: Record<number, { code: "not_supported" | "failed" | "invalid_value"; why: string }> = {
  [SetValueStatus.NoDeviceSupport]: { code: "not_supported", why: "the device does not support it" },
  [SetValueStatus.Fail]: { code: "failed", why: "the write failed" },
  [SetValueStatus.EndpointNotFound]: { code: "not_supported", why: "no such endpoint" },
  [SetValueStatus.NotImplemented]: { code: "not_supported", why: "not implemented" },
  [SetValueStatus.InvalidValue]: { code: "invalid_value", why: "invalid value" },
};

export function wentOut(status: number): boolean {
  return WENT_OUT.has(status);
}

/** The typed error for a status after which nothing happened at the device. */
export function writeFailure(
  status: number,
  message: string | null | undefined,
  device: string,
): ZwaveToolError {
  const known = FAILURES[status];
  return new ZwaveToolError(
    known?.code ?? "failed",
    `writing to ${device} failed: ${message ?? known?.why ?? `status ${status}`}`,
  );
}

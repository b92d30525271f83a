// A failure the user should read as it is (device not found, dead, broker unreachable, …), with the
// code a host branches on (src/zwave/contract.ts).
import type { NodeRef, ZwaveErrorCode } from "./contract.js";

export class ZwaveToolError extends Error {
  override name = "ZwaveToolError";
  constructor(
    readonly code: ZwaveErrorCode,
    message: string,
    /** For `ambiguous`: the nodes the name could mean. */
    readonly candidates?: NodeRef[],
  ) {
    super(message);
  }
}

/** The same failure, said with more context ("…; nothing was sent"). */
export function withMessage(err: unknown, message: (original: string) => string): unknown {
  if (!(err instanceof ZwaveToolError)) return err;
  return new ZwaveToolError(err.code, message(err.message), err.candidates);
}

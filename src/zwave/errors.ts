/** A failure the user should read as it is: device not found, dead, broker unreachable, … */
export class ZwaveUserError extends Error {
  override name = "ZwaveUserError";
}

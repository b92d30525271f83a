import { haErrorSchema } from "./schemas.js";

/**
 * Why the mirror could not do what was asked. `code` is HA's error code (`not_found`,
 * `invalid_format`, `home_assistant_error`, …) or one of ours: `not_configured`, `not_connected`,
 * `not_exposed`, `unsupported_target`.
 */
export class HomeAssistantError extends Error {
  override name = "HomeAssistantError";
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** haws rejects a command with HA's `{code, message}`, or with a whole failed result when the socket drops. */
export function fromCommandRejection(err: unknown, what: string): HomeAssistantError {
  const parsed = haErrorSchema.safeParse(err);
  if (parsed.success) {
    const e = "error" in parsed.data ? parsed.data.error : parsed.data;
    if (e.code === 3)
      return new HomeAssistantError(`${what}: the connection to Home Assistant was lost`, "not_connected");
    return new HomeAssistantError(`${what}: ${e.message}`, String(e.code));
  }
  if (err === 3)
    return new HomeAssistantError(`${what}: the connection to Home Assistant was lost`, "not_connected");
  return new HomeAssistantError(
    `${what}: ${err instanceof Error ? err.message : String(err)}`,
    "unknown_error",
  );
}

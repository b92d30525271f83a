// Moved to src/config/own-servers.ts (the options schema needs it, and config/ sits below tools/). This
// re-export keeps src/understanding/ and src/http/status-page/ building until their branches
// merge; then point their imports at config/ and delete this file.
export { BUILTIN_TOOLS, RESERVED_SERVER_NAMES, ZWAVE_TOOLS } from "../config/own-servers.js";

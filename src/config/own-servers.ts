/** Where the bridge's own tools live in the registry: its local tools, and the Z-Wave MCP server it starts. */
export const BUILTIN_TOOLS = { server: "builtin", toolbox: "builtin" } as const;
export const ZWAVE_TOOLS = { server: "zwave", toolbox: "home" } as const;

/** A user's MCP server may not take these names, in any case: it would stand in for the bridge's own tools. */
export const RESERVED_SERVER_NAMES: readonly string[] = [BUILTIN_TOOLS.server, ZWAVE_TOOLS.server];

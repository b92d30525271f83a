/** Who is calling /mcp: Home Assistant on its discovery path, or a client admitted by the HTTP auth rules. */
export type McpCaller = "home-assistant" | "token" | "ingress" | "loopback";

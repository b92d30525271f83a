// A real MCP SDK server over stdio whose tools are described by the FIXTURE_SPEC environment
// variable, so each test can stand up exactly the server shape it needs: raw JSON schemas
// (including ones the bridge must drop), servers that crash, hang or never start.
//
// Run: node --import tsx test/support/mcp/fixture-server.ts   (see fixtureServer() in ./fixtures.ts)
import { existsSync, writeFileSync } from "node:fs";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { FixtureSpec } from "./fixtures.js";

const spec = JSON.parse(process.env.FIXTURE_SPEC ?? "{}") as FixtureSpec;
if (spec.failStart || (spec.failStartOnceExists && existsSync(spec.failStartOnceExists))) {
  process.stderr.write(`fixture ${spec.name}: refusing to start\n`);
  process.exit(3);
}

let calls = 0;
const server = new Server({ name: spec.name, version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: spec.tools.map((t) => ({
    name: t.name,
    ...(t.title ? { title: t.title } : {}),
    description: t.description ?? `${t.name} of ${spec.name}`,
    inputSchema: t.inputSchema ?? { type: "object", properties: {} },
    ...(t.annotations ? { annotations: t.annotations } : {}),
  })),
}));
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  calls++;
  const tool = spec.tools.find((t) => t.name === request.params.name);
  const args = request.params.arguments ?? {};
  if (spec.crashAfterCalls !== undefined && calls > spec.crashAfterCalls) process.exit(1);
  if (spec.crashAfterCalls !== undefined && calls === spec.crashAfterCalls) {
    setTimeout(() => process.exit(1), 20);
  }
  if (!tool)
    return { content: [{ type: "text", text: `unknown tool ${request.params.name}` }], isError: true };
  switch (tool.behaviour ?? "echo") {
    case "hang":
      return new Promise<never>(() => undefined);
    case "slow":
      // The SDK aborts `extra.signal` when the client sends notifications/cancelled for the call.
      return new Promise((resolve) => {
        const act = setTimeout(() => {
          if (tool.actsOn) writeFileSync(tool.actsOn, JSON.stringify(args));
          resolve({ content: [{ type: "text", text: `${tool.name} done` }] });
        }, tool.actAfterMs ?? 1000);
        extra.signal.addEventListener("abort", () => clearTimeout(act));
      });
    case "error":
      return {
        content: [{ type: "text", text: `${tool.name} failed: ${JSON.stringify(args)}` }],
        isError: true,
      };
    case "validate": {
      const required = (tool.inputSchema?.required as string[] | undefined) ?? [];
      const missing = required.filter((k) => !(k in args));
      if (missing.length) {
        return {
          content: [
            { type: "text", text: `MCP error -32602: missing ${missing.join(", ")} (server ${spec.name})` },
          ],
          isError: true,
        };
      }
      break;
    }
    default:
      break;
  }
  return {
    content: [{ type: "text", text: JSON.stringify({ server: spec.name, tool: tool.name, args }) }],
    structuredContent: {
      server: spec.name,
      tool: tool.name,
      args,
      env: pickEnv(spec.echoEnv),
      pid: process.pid,
    },
  };
});

function pickEnv(keys: string[] | undefined): Record<string, string | undefined> {
  return Object.fromEntries((keys ?? []).map((k) => [k, process.env[k]]));
}

await server.connect(new StdioServerTransport());
// The SDK's stdio transport ignores EOF; a well-behaved child exits when its parent goes away.
if (!spec.ignoreStdinEnd) process.stdin.on("end", () => process.exit(0));

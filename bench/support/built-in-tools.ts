// The bridge's own tools as a model is offered them (registry.definitions()): the local tools, the
// tool search and the Z-Wave MCP server's tools, that server started over stdio on the demo home.
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { fileURLToPath } from "node:url";
import { startDemoHome, DEMO_GATEWAY_NAME } from "../../src/demo/demo-home.js";
import { createUnconfiguredMirror } from "../../src/ha/unconfigured-mirror.js";
import { createMcpServers } from "../../src/mcp/client/servers.js";
import { findToolsTool } from "../../src/tools/local/find-tools.js";
import { homeTools } from "../../src/tools/local/index.js";
import { createToolRegistry, type ToolDefinitionForProvider } from "../../src/tools/registry.js";
import { createToolSearch } from "../../src/tools/tool-search.js";
import { zwaveServerEnv } from "../../src/zwave-host/launch.js";
import { captureLogger } from "../../test/support/capture-logger.js";

export async function builtInDefinitions(): Promise<ToolDefinitionForProvider[]> {
  const { logger } = captureLogger("warn");
  const demo = await startDemoHome(logger);
  const registry = createToolRegistry({ logger });
  for (const { definition, executor } of homeTools(createUnconfiguredMirror()))
    registry.registerTool(definition, executor);
  const find = findToolsTool(createToolSearch(registry));
  registry.registerTool(find.definition, find.executor);
  const servers = createMcpServers({ registry, logger });
  try {
    await servers.add({
      name: "zwave",
      toolbox: "home",
      command: process.execPath,
      args: ["--import", "tsx", fileURLToPath(new URL("../../src/zwave/server.ts", import.meta.url))],
      env: zwaveServerEnv({
        mqttUrl: demo.brokerUrl,
        prefix: "zwave",
        gatewayName: DEMO_GATEWAY_NAME,
        logLevel: "warn",
      }),
    });
    return registry.definitions();
  } finally {
    await servers.close();
    await demo.close();
  }
}

/** One tool's tokens as the budget counts them: its name, description and schema as JSON (o200k). */
export const toolTokens = (definition: { function: unknown }) =>
  countTokens(JSON.stringify(definition.function));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const definitions = await builtInDefinitions();
  for (const d of definitions) console.log(`${d.function.name.padEnd(28)} ${toolTokens(d)}`);
  console.log(`${definitions.length} tools, ${definitions.reduce((s, d) => s + toolTokens(d), 0)} tokens`);
  process.exit(0);
}

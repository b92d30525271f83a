// The JSON Schema validator our MCP servers give the SDK (the client takes the same one from its own package). Its default, Ajv, compiles
// code for every schema: each tool's outputSchema as soon as a client lists the tools (87 ms of the
// bridge's start-up, --cpu-prof), and a new Ajv with its formats for every /mcp session.
// @cfworker/json-schema (which tools/json-schema.ts checks arguments with) interprets the schema
// instead, and holds no state, so one instance serves every client and server.
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/server/validators/cf-worker";

export const mcpSchemaValidator = new CfWorkerJsonSchemaValidator();

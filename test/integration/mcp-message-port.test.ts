// MCP between threads: the SDK's own Client and McpServer over MessagePortTransport, on the two
// ends of a real MessageChannel, and a real Worker that dies under a connected client.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MessageChannel, Worker } from "node:worker_threads";
import { afterEach, expect, it } from "vitest";
import { z } from "zod";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { MessagePortTransport } from "../../src/shared/message-port-transport.js";
import { startZwaveWorker } from "../../src/zwave-host/worker-launch.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function serverOn(port: MessagePortTransport): McpServer {
  const server = new McpServer({ name: "echo", version: "1.0.0" });
  server.registerTool(
    "echo",
    { inputSchema: { text: z.string() }, outputSchema: { text: z.string() } },
    ({ text }) => ({ content: [{ type: "text", text }], structuredContent: { text } }),
  );
  void server.connect(port);
  return server;
}

it("carries tools/list and tools/call, structuredContent included, between the two ends of a port", async () => {
  const { port1, port2 } = new MessageChannel();
  cleanups.push(() => port1.close());
  serverOn(new MessagePortTransport(port2, () => port2.close()));
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(new MessagePortTransport(port1, () => port1.close()));

  expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["echo"]);
  const result = await client.callTool({ name: "echo", arguments: { text: "Küche 21,5 °C" } });
  expect(result.structuredContent).toEqual({ text: "Küche 21,5 °C" });
  await client.close();
});

it("reports a message that is not JSON-RPC as an error and does not pass it on", async () => {
  const { port1, port2 } = new MessageChannel();
  cleanups.push(() => port1.close());
  const transport = new MessagePortTransport(port1, () => port1.close());
  const received: unknown[] = [];
  const errors: string[] = [];
  transport.onmessage = (message) => received.push(message);
  transport.onerror = (error) => errors.push(error.message);
  await transport.start();

  port2.postMessage({ hello: "world" });
  port2.postMessage("not even an object");
  port2.postMessage({ jsonrpc: "2.0", method: "notifications/initialized" });
  await new Promise((resolve) => setTimeout(resolve, 50));

  expect(received).toEqual([{ jsonrpc: "2.0", method: "notifications/initialized" }]);
  expect(errors).toHaveLength(2);
  for (const error of errors) expect(error).toMatch(/^not a JSON-RPC message/);
});

it("fails a call in flight and closes the client when the worker thread dies, and the process lives on", async () => {
  // A worker that answers initialize and tools/list, then throws on the first tools/call.
  const source = `
    const { parentPort } = require("node:worker_threads");
    parentPort.on("message", (m) => {
      if (m.method === "initialize")
        parentPort.postMessage({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: m.params.protocolVersion,
          capabilities: { tools: {} }, serverInfo: { name: "doomed", version: "1" } } });
      else if (m.method === "tools/call") setTimeout(() => { throw new Error("bug in the server"); }, 10);
    });`;
  const worker = new Worker(source, { eval: true });
  const transport = new MessagePortTransport(worker, () => worker.terminate());
  let failure: Error | undefined;
  worker.on("error", (err) => (failure = err));
  worker.on("exit", () => transport.ended(failure));
  const client = new Client({ name: "test", version: "1.0.0" });
  const errors: string[] = [];
  let closed = false;
  await client.connect(transport);
  client.onerror = (error) => errors.push(error.message);
  client.onclose = () => (closed = true);

  await expect(client.callTool({ name: "anything", arguments: {} })).rejects.toThrow(/Connection closed/);
  expect(closed).toBe(true);
  expect(errors).toContain("bug in the server");
});

it("ends a worker that outgrows its heap limit alone: the client sees the connection close, the process lives on", async () => {
  // Answers initialize, then keeps everything it is sent and more, as a leak in the server would.
  const script = join(mkdtempSync(join(tmpdir(), "leaky-worker-")), "leaky.mjs");
  writeFileSync(
    script,
    `import { parentPort } from "node:worker_threads";
    const hoard = [];
    parentPort.on("message", (m) => {
      if (m.method === "initialize")
        parentPort.postMessage({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: m.params.protocolVersion,
          capabilities: { tools: {} }, serverInfo: { name: "leaky", version: "1" } } });
      else if (m.method === "tools/call") setInterval(() => { for (let i = 0; i < 1e4; i++) hoard.push({ i, s: "x" + i }); }, 1);
    });`,
  );
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(
    startZwaveWorker(
      {},
      { script, resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 } },
    ),
  );
  const errors: string[] = [];
  client.onerror = (error) => errors.push(error.message);

  await expect(client.callTool({ name: "anything", arguments: {} })).rejects.toThrow(/Connection closed/);
  expect(errors.join(" ")).toMatch(/out of memory/i);
});

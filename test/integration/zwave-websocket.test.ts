// What only the websocket transport has to get right, through the real MCP client: a server too old
// for this add-on, a server whose Z-Wave driver is not ready (@zwave-js/server closes new clients
// with 1013), and no server at all. Each answer says why, and nothing is sent.
import { afterEach, describe, expect, it } from "vitest";
import { WebSocketServer, type WebSocket } from "ws";
import type { AddressInfo } from "node:net";
import { freePort } from "../support/free-port.js";
import { startZwaveServer, type ZwaveServerClient } from "../support/zwave-gateway.js";

let server: ZwaveServerClient | undefined;
let wss: WebSocketServer | undefined;
const received: string[] = [];

afterEach(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (wss ? wss.close(() => resolve()) : resolve()));
  server = undefined;
  wss = undefined;
  received.length = 0;
});

/** A websocket server that greets like zwave-js-server (or closes like one whose driver is not ready). */
async function greeter(onConnect: (socket: WebSocket) => void): Promise<string> {
  wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  wss.on("connection", (socket) => {
    socket.on("message", (data) => received.push(data.toString()));
    onConnect(socket);
  });
  await new Promise<void>((resolve) => wss?.once("listening", () => resolve()));
  return `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
}

const version = (maxSchemaVersion: number) =>
  JSON.stringify({
    type: "version",
    driverVersion: "9.0.0",
    serverVersion: "1.10.0",
    homeId: 1,
    minSchemaVersion: 0,
    maxSchemaVersion,
  });

describe("Z-Wave JS websocket transport", () => {
  it("says the server is too old for this add-on, and sends it nothing", async () => {
    const url = await greeter((socket) => socket.send(version(20)));
    server = await startZwaveServer({ serverUrl: url, prefix: "zwave" });
    const r = await server.call("control_zwave_device", { deviceName: "Switch One", action: "on" });
    expect(r.isError).toBe(true);
    expect(r.text).toBe(
      "Z-Wave JS is offline (its server 1.10.0 is too old: it speaks API schema up to 20, this add-on needs 32 or newer; update the Z-Wave JS add-on)",
    );
    expect(received).toEqual([]);
  });

  it("says the Z-Wave driver is not ready when the server turns clients away", async () => {
    const url = await greeter((socket) => socket.close(1013, "Driver is not ready"));
    server = await startZwaveServer({ serverUrl: url, prefix: "zwave" });
    const r = await server.call("control_zwave_device", { deviceName: "Switch One", action: "on" });
    expect(r.isError).toBe(true);
    expect(r.text).toBe("Z-Wave JS is offline (its Z-Wave driver is not ready)");
    const list = await server.call("list_zwave_devices");
    expect(list.text).toBe("Z-Wave JS is offline (its Z-Wave driver is not ready)");
  });

  it("says where it could not reach the server, and the next call still answers", async () => {
    const url = `ws://127.0.0.1:${await freePort()}`;
    server = await startZwaveServer({ serverUrl: url, prefix: "zwave" });
    const r = await server.call("list_zwave_devices");
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(
      new RegExp(`^Z-Wave JS is offline \\(cannot reach its server at ${url}: .*ECONNREFUSED`),
    );
    const again = await server.call("check_zwave_device_health", { deviceName: "Switch One" });
    expect(again.text).toMatch(/^Z-Wave JS is offline/);
  });
});

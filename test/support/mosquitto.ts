// A real Mosquitto for integration and e2e tests (docs/architecture.md, Tests and what stands in). Without Mosquitto the tests fail,
// saying so; the embedded aedes broker stands in only when asked for with TEST_BROKER=aedes (it
// is the product's own demo broker: no auth, MQTT 3.1.1 only, so it proves less).
//
//   const broker = await startMosquitto();          // { url, username, password, kind }
//   ...connect with broker.url + username/password...
//   await broker.restart({ downMs: 500 });          // same port; clients see the outage
//   await broker.stop();                            // in afterAll
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync, chmodSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startEmbeddedBroker, type EmbeddedBroker } from "../../src/demo/embedded-broker.js";
import { freePort } from "./free-port.js";
import type { ServerCertificate } from "./tls-certificates.js";

export interface TestBroker {
  /** `mqtt://127.0.0.1:<port>` */
  url: string;
  username: string;
  password: string;
  /** aedes only with TEST_BROKER=aedes; aedes accepts any credentials and speaks MQTT 3.1.1 only. */
  kind: "mosquitto" | "aedes";
  /** With `secure`: the same broker over TLS, over WebSocket, and over WebSocket with TLS. */
  secureUrls?: { mqtts: string; ws: string; wss: string };
  /** Stops the broker and waits until it has gone. */
  stop(): Promise<void>;
  /** Stops, stays down for `downMs`, starts again on the same port and waits until it accepts connections. */
  restart(options?: { downMs?: number }): Promise<void>;
  /** SIGKILL: the broker is gone without a goodbye (clients' wills fire only on a clean broker). */
  kill(): Promise<void>;
}

export interface MosquittoOptions {
  /** `set_tcp_nodelay` (default true); the benchmarks also measure false. */
  tcpNoDelay?: boolean;
  /** Listen also for mqtts://, ws:// and wss:// (test/support/tls-certificates.ts), same users. */
  secure?: ServerCertificate;
}

const USERNAME = "bridge";
const PASSWORD = "test-secret";
const READY_TIMEOUT_MS = 15_000;

function findMosquitto(): string | undefined {
  const onPath = spawnSync("sh", ["-c", "command -v mosquitto"], { encoding: "utf8" }).stdout.trim();
  if (onPath) return onPath;
  return ["/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto"].find((p) => existsSync(p));
}

function findPasswd(mosquitto: string): string {
  const onPath = spawnSync("sh", ["-c", "command -v mosquitto_passwd"], { encoding: "utf8" }).stdout.trim();
  if (onPath) return onPath;
  const sibling = join(mosquitto, "..", "..", "bin", "mosquitto_passwd");
  return existsSync(sibling) ? sibling : "mosquitto_passwd";
}

async function waitForTcp(port: number, deadline: number): Promise<void> {
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`broker on port ${port} never accepted a connection`);
    await sleep(20);
  }
}

export async function startMosquitto(options: MosquittoOptions = {}): Promise<TestBroker> {
  const binary = findMosquitto();
  if (process.env.TEST_BROKER === "aedes") {
    if (options.secure)
      throw new Error("TEST_BROKER=aedes: the embedded broker has no TLS or WebSocket listeners");
    console.warn("[test] TEST_BROKER=aedes: using the embedded aedes broker (MQTT 3.1.1, no auth)");
    return startAedesFallback();
  }
  if (!binary) {
    throw new Error(
      "Mosquitto is not installed (looked on PATH, in /usr/sbin and /usr/local/sbin). Install it " +
        "(apt-get install mosquitto; .ci/run does), or set TEST_BROKER=aedes to run against the " +
        "embedded aedes broker instead (no auth, MQTT 3.1.1 only).",
    );
  }

  const dir = mkdtempSync(join(tmpdir(), "mosquitto-"));
  // Mosquitto started as root drops to user `mosquitto`, which must still read these files.
  chmodSync(dir, 0o755);
  const pwFile = join(dir, "pw");
  const made = spawnSync(findPasswd(binary), ["-b", "-c", pwFile, USERNAME, PASSWORD], { encoding: "utf8" });
  if (made.status !== 0) throw new Error(`mosquitto_passwd failed: ${made.stderr}`);
  chmodSync(pwFile, 0o644);
  const port = await freePort();
  const secure = options.secure ? await secureListeners(dir, options.secure) : undefined;
  const confFile = join(dir, "mosquitto.conf");
  writeFileSync(
    confFile,
    [
      `listener ${port} 127.0.0.1`,
      "allow_anonymous false",
      `password_file ${pwFile}`,
      "persistence false",
      `set_tcp_nodelay ${options.tcpNoDelay === false ? "false" : "true"}`,
      "log_dest stderr",
      ...(secure?.config ?? []),
      "",
    ].join("\n"),
  );
  chmodSync(confFile, 0o644);

  let child: ChildProcess | undefined;

  async function launch(): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    const proc = spawn(binary!, ["-c", confFile], { stdio: ["ignore", "ignore", "pipe"] });
    child = proc;
    let log = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`mosquitto did not start:\n${log}`)), READY_TIMEOUT_MS);
      proc.stderr!.on("data", (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes(`Opening ipv4 listen socket on port ${port}`)) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`mosquitto exited with ${code}:\n${log}`));
      });
    });
    // The log line can come a moment before the port accepts connections (mosquitto logs before it listens).
    await waitForTcp(port, deadline);
  }

  async function halt(signal: NodeJS.Signals): Promise<void> {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
    proc.kill(signal);
    await exited;
  }

  await launch();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    username: USERNAME,
    password: PASSWORD,
    kind: "mosquitto",
    ...(secure ? { secureUrls: secure.urls } : {}),
    async stop() {
      await halt("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
    async restart({ downMs = 0 } = {}) {
      await halt("SIGTERM");
      if (downMs > 0) await sleep(downMs);
      await launch();
    },
    async kill() {
      await halt("SIGKILL");
    },
  };
}

/** Mosquitto's listeners for mqtts://, ws:// and wss://; it reads the key as user `mosquitto`. */
async function secureListeners(
  dir: string,
  certificate: ServerCertificate,
): Promise<{ config: string[]; urls: { mqtts: string; ws: string; wss: string } }> {
  const [certFile, keyFile] = [join(dir, "server.pem"), join(dir, "server.key")];
  writeFileSync(certFile, certificate.cert);
  writeFileSync(keyFile, certificate.key);
  chmodSync(certFile, 0o644);
  chmodSync(keyFile, 0o644);
  const [mqtts, ws, wss] = [await freePort(), await freePort(), await freePort()];
  const tls = [`certfile ${certFile}`, `keyfile ${keyFile}`];
  return {
    config: [
      `listener ${mqtts} 127.0.0.1`,
      ...tls,
      `listener ${ws} 127.0.0.1`,
      "protocol websockets",
      `listener ${wss} 127.0.0.1`,
      "protocol websockets",
      ...tls,
    ],
    urls: { mqtts: `mqtts://127.0.0.1:${mqtts}`, ws: `ws://127.0.0.1:${ws}`, wss: `wss://127.0.0.1:${wss}` },
  };
}

async function startAedesFallback(): Promise<TestBroker> {
  let broker: EmbeddedBroker | undefined = await startEmbeddedBroker();
  const port = broker.port;
  const close = async () => {
    const b = broker;
    broker = undefined;
    await b?.close();
  };
  return {
    url: broker.url,
    username: USERNAME,
    password: PASSWORD,
    kind: "aedes",
    stop: close,
    async restart({ downMs = 0 } = {}) {
      await close();
      if (downMs > 0) await sleep(downMs);
      broker = await startEmbeddedBroker({ port });
    },
    kill: close,
  };
}

/** The add-on options that point the bridge at this broker. */
export function brokerOptions(broker: TestBroker): Record<string, string> {
  return { mqtt_url: broker.url, mqtt_username: broker.username, mqtt_password: broker.password };
}

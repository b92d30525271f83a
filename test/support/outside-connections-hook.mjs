// Loaded into the bridge with `node --import` (NODE_OPTIONS): writes one line to stderr for every
// TCP connection or DNS lookup of a host that is not this machine, so a test can say which hosts the
// bridge reached out to. Sockets of node:http, node:https, undici (Node's fetch), MQTT and
// websockets all connect through net.Socket.prototype.connect.
import dns from "node:dns";
import net from "node:net";
import { writeSync } from "node:fs";

const MARK = "[outside-connection]";
const local = (host) =>
  host === undefined ||
  host === "" ||
  /^(localhost|127\.|::1$|0\.0\.0\.0$|::$)/.test(host) ||
  host.startsWith("/");
const report = (kind, host) => {
  if (!local(String(host))) writeSync(2, `${MARK} ${kind} ${host}\n`);
};

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const [first, second] = args;
  const target = Array.isArray(first) ? first[0] : first;
  if (target && typeof target === "object") report("connect", target.host ?? target.path);
  else if (typeof target === "number") report("connect", typeof second === "string" ? second : undefined);
  return connect.apply(this, args);
};
const lookup = dns.lookup;
dns.lookup = function (host, ...rest) {
  report("lookup", host);
  return lookup.call(this, host, ...rest);
};

/**
 * node:http through require(), not as an ES module. Node 22 gives node:http getters for undici's
 * WebSocket, CloseEvent and MessageEvent (lib/http.js); an ES import of a built-in builds its
 * namespace from every export, which runs those getters and loads undici, Node's whole fetch
 * stack (~14 MiB resident), into a bridge that may never fetch. require() reads only what is
 * used. The names are node:http's others; one missing here fails the build, not the bridge.
 */
const HTTP_EXPORTS = [
  "METHODS",
  "STATUS_CODES",
  "Agent",
  "ClientRequest",
  "IncomingMessage",
  "OutgoingMessage",
  "Server",
  "ServerResponse",
  "createServer",
  "validateHeaderName",
  "validateHeaderValue",
  "get",
  "request",
  "setMaxIdleHTTPParsers",
];
export const httpByRequire = {
  name: "http-by-require",
  setup(build) {
    build.onResolve({ filter: /^(node:)?http$/ }, ({ kind }) =>
      kind === "import-statement" ? { path: "node-http", namespace: "http-by-require" } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "http-by-require" }, () => ({
      contents: `const http = require("node:http");
        export default http;
        export const { ${HTTP_EXPORTS.join(", ")} } = http;`,
    }));
  },
};

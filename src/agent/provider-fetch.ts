/**
 * fetch and its classes on node:http(s), for the requests to the language model: the provider
 * SDKs' own (scripts/bundle.mjs gives the built SDK and LangChain provider packages these in place
 * of the globals) and the start-up check (provider-check.ts). Node's global fetch, Headers,
 * Request, Response and FormData are undici, which loads on first touch of any of them and stays;
 * on node:http the bridge is 4-5 MiB smaller after an LLM turn (bench/footprint).
 * @whatwg-node/node-fetch keeps what the SDKs rely on: a web ReadableStream `body` for streamed
 * replies, an AbortSignal that aborts the request, the status and body of an error reply.
 */
export { fetch, FormData, Headers, Request, Response } from "@whatwg-node/node-fetch";

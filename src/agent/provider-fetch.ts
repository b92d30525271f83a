/**
 * fetch and its classes on node:http(s), for the requests to the language model: the provider
 * SDKs' own (scripts/bundle.mjs gives the built SDK and LangChain provider packages these in place
 * of the globals) and the start-up check (provider-check.ts). Node's global fetch, Headers,
 * Request, Response and FormData are undici, which loads on first touch of any of them and stays;
 * on node:http the bridge is 4-5 MiB smaller after an LLM turn (bench/footprint).
 * @whatwg-node/node-fetch keeps what the SDKs rely on: a web ReadableStream `body` for streamed
 * replies, an AbortSignal that aborts the request, the status and body of an error reply.
 */
import { fetch, FormData, Headers, Request, Response } from "@whatwg-node/node-fetch";

export { fetch, FormData, Headers, Request, Response };

const SHADOWED: Record<string, unknown> = { fetch, FormData, Headers, Request, Response };

/**
 * Object.getOwnPropertyDescriptor as the provider packages see it in the build: on globalThis,
 * fetch and its classes are the ones above. On Node 22 reading the descriptor of a global such as
 * Headers loads undici (the globals are lazy data properties that resolve when read), and the
 * openai SDK reads it on import to list the constructors it trusts (lib/EventStream.mjs).
 */
export function getOwnPropertyDescriptor(object: object, name: PropertyKey): PropertyDescriptor | undefined {
  return object === globalThis && typeof name === "string" && Object.hasOwn(SHADOWED, name)
    ? { value: SHADOWED[name], writable: true, enumerable: false, configurable: true }
    : Object.getOwnPropertyDescriptor(object, name);
}

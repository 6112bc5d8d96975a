/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

declare module "@remix-run/server-runtime" {
  /** What the server's pipeline (server/pipeline.ts) gives every request (getLoadContext). */
  interface AppLoadContext {
    /** The Content-Security-Policy nonce of this request's page. */
    cspNonce?: string;
    /** The request id (also the X-Request-Id response header and every log line of the request). */
    requestId?: string;
    /** The client's address as a key for per-address limits (express `trust proxy`, IPv6 per /56). */
    clientAddress?: string;
  }
}

export {};

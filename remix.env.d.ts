/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

declare module "@remix-run/server-runtime" {
  /** What scripts/serve.cjs gives every request (getLoadContext). */
  interface AppLoadContext {
    /** The Content-Security-Policy nonce of this request's page. */
    cspNonce?: string;
    /** The request id (also the X-Request-Id response header and every log line of the request). */
    requestId?: string;
  }
}

export {};

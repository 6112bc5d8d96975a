import { isStorageFault, STORAGE_FAULT_RETRY_AFTER_SECONDS, STORAGE_FAULT_TEXT } from "~/lib/storage-fault";

/**
 * The answer to a write SQLite refused (lib/storage-fault.ts): 503 `{message}` with Retry-After.
 * Thrown from a loader or action (server/remix.ts does it for every route), it is the API's answer
 * as it is, a script's `{message}` (form-answer.server.ts), and the root's error page for a page.
 */
export function storageFaultResponse(): Response {
  return new Response(JSON.stringify({ message: STORAGE_FAULT_TEXT.message }), {
    status: 503,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(STORAGE_FAULT_RETRY_AFTER_SECONDS),
    },
  });
}

/**
 * The first line of a handler's catch-all: a write the database refused is thrown on, to be
 * answered 503 by the server (server/remix.ts), never turned into the handler's generic 500.
 */
export function throwIfStorageFault(error: unknown): void {
  if (isStorageFault(error)) throw error;
}

import { json } from "@remix-run/node";
import { addressKey } from "~/lib/address";
import { type ZodTypeAny, type z } from "zod";
import { DomainError } from "~/lib/errors";
import { BODY_TOO_LARGE_MESSAGE, isBodyTooLarge } from "~/lib/body-limit.server";
import { throwIfStorageFault } from "~/web/storage-fault.server";

/** Every non-2xx API answer is exactly `{ message }` (plus `errors` per field for checked forms). */
export function jsonError(message: string, status: number, errors?: Record<string, string[]>) {
  return json(errors ? { message, errors } : { message }, { status, headers: { "Cache-Control": "no-store" } });
}

/** Parses a JSON body with the input's schema; throws a 400 `{message, errors}` response otherwise. */
export async function parseJsonBody<S extends ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    const text = await request.text();
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch (error) {
    if (isBodyTooLarge(error)) throw jsonError(BODY_TOO_LARGE_MESSAGE, 413);
    throw jsonError("Request body must be valid JSON", 400);
  }
  return parseValue(body, schema);
}

export function parseValue<S extends ZodTypeAny>(value: unknown, schema: S): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join(".") || "_";
      (errors[key] ??= []).push(issue.message);
    }
    const first = result.error.issues[0];
    const message = first ? `${first.path.length ? `${first.path.join(".")}: ` : ""}${first.message}` : "Invalid input";
    throw jsonError(message, 400, errors);
  }
  return result.data;
}

/** Parses a positive integer route parameter or throws 404. */
export function requireIdParam(value: string | undefined, what = "Not found"): number {
  if (!value || !/^\d{1,12}$/.test(value)) throw jsonError(what, 404);
  const id = Number(value);
  if (id < 1) throw jsonError(what, 404);
  return id;
}

/**
 * Runs an API handler: thrown Responses pass through, DomainErrors become `{message}` with their
 * status, a write the database refused goes on to the server's 503, anything else is logged and
 * answers a generic 500.
 */
export async function apiHandler(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof DomainError) return jsonError(error.message, error.status);
    throwIfStorageFault(error);
    console.error("API error:", error);
    return jsonError("Something went wrong. Please try again.", 500);
  }
}

/** A redirect target is followed only when it is a path on this site. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\") || /[\r\n\t]/.test(to)) return fallback;
  return to;
}

export function isJsonRequest(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").includes("application/json");
}

type WriteMethod = "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The action of an API route: sends each allowed method to its handler and answers 405 to the
 * others, all inside apiHandler's error mapping. (The server refused a foreign origin already.)
 */
export function apiAction(request: Request, handlers: Partial<Record<WriteMethod, () => Promise<Response>>>): Promise<Response> {
  return apiHandler(async () => {
    const handler = handlers[request.method.toUpperCase() as WriteMethod];
    return handler ? handler() : jsonError("Method not allowed", 405);
  });
}

/** The loader of an API route that only takes writes. */
export function methodNotAllowed(): Response {
  return jsonError("Method not allowed", 405);
}

/** The body of an HTML form post; anything that is not form data answers 400 instead of crashing. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    if (isBodyTooLarge(error)) throw jsonError(BODY_TOO_LARGE_MESSAGE, 413);
    throw jsonError("Send the form as application/x-www-form-urlencoded or multipart/form-data", 400);
  }
}

/**
 * Header the server writes on every request (server/pipeline.ts, the client-address step): the
 * client's address as express's `trust proxy` (TRUST_PROXY hops) sees it, keyed by addressKey.
 * A header of the same name from the client is overwritten, so a client cannot choose it. The
 * same value is in the load context as `clientAddress`.
 */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

/** The client's address, as a key for per-address limits (see CLIENT_IP_HEADER). */
export function getClientIp(request: Request): string {
  return addressKey(request.headers.get(CLIENT_IP_HEADER) ?? "unknown");
}

import { json } from "@remix-run/node";
import { type ZodTypeAny, type z } from "zod";
import { DomainError } from "~/domain/common/errors";
import { getEnv } from "~/lib/env.server";

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
  } catch {
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
 * Runs an API handler: thrown Responses pass through, DomainErrors become
 * `{message}` with their status, anything else is logged and answers a generic 500.
 */
export async function apiHandler(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof DomainError) return jsonError(error.message, error.status);
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

/** State-changing requests from another origin are refused (403). */
export function assertSameOrigin(request: Request): void {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method.toUpperCase())) return;
  const origin = request.headers.get("Origin");
  if (!origin) return;
  const allowed = new Set([getEnv().APP_URL, new URL(request.url).origin]);
  if (!allowed.has(origin.replace(/\/$/, ""))) {
    throw jsonError("Cross-site request refused", 403);
  }
}

export function isJsonRequest(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").includes("application/json");
}

type WriteMethod = "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The action of an API route: refuses a foreign origin (403), sends each allowed method to
 * its handler and answers 405 to the others, all inside apiHandler's error mapping.
 */
export function apiAction(request: Request, handlers: Partial<Record<WriteMethod, () => Promise<Response>>>): Promise<Response> {
  return apiHandler(async () => {
    assertSameOrigin(request);
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
  } catch {
    throw jsonError("Send the form as application/x-www-form-urlencoded or multipart/form-data", 400);
  }
}

/** Header the server writes from the TCP socket on every request (see entry.server.tsx); clients cannot set it. */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

/** The client's address, for per-address limits. */
export function getClientIp(request: Request): string {
  if (getEnv().TRUST_PROXY === "1") {
    const hops = (request.headers.get("X-Forwarded-For") ?? "").split(",").map((h) => h.trim()).filter(Boolean);
    const last = hops.at(-1);
    if (last) return last.slice(0, 64);
  }
  return (request.headers.get(CLIENT_IP_HEADER) ?? "unknown").slice(0, 64);
}

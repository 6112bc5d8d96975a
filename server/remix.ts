import { createReadableStreamFromReadable, createRequestHandler, type AppLoadContext, type ServerBuild, writeReadableStreamToWritable } from "@remix-run/node";
import { type Handler, type Request, type Response } from "express";
import { type ShopEntry } from "./entry";

/**
 * The last step: Remix. As @remix-run/express's handler, with two differences: the body Remix
 * reads is counted against the body limit (entry.countedBody), and the response's headers
 * replace the defaults earlier steps set (the security headers) instead of being appended to them,
 * and every loader and action answers a write the database refused as 503 (withStorageFaults)
 * and runs in the language of its request, which the e-mails it queues are written in.
 */
export function remixHandler(
  build: ServerBuild,
  entry: () => ShopEntry,
  mode: string,
  getLoadContext: (req: Request, res: Response) => AppLoadContext,
): Handler {
  const handle = createRequestHandler(withStorageFaults(build, entry), mode);
  // Every other language's pages are the same routes under the language's prefix ("/pl/cart"):
  // Remix's basename matches them and puts the prefix on the paths it writes (<Form>, redirects).
  const localised = new Map(
    entry().LOCALE_PREFIXES.map((prefix) => [prefix, createRequestHandler(withStorageFaults({ ...build, basename: prefix }, entry), mode)] as const),
  );
  return (req, res, next) => {
    void (async () => {
      const request = remixRequest(req, res, entry());
      const prefix = entry().localePrefixOf(req.path);
      const response = await (prefix ? (localised.get(prefix) ?? handle) : handle)(request, getLoadContext(req, res));
      await sendResponse(res, response);
    })().catch(next);
  };
}

type RouteFunction = (args: { request: globalThis.Request }) => unknown;

/**
 * The build with each route's loader and action wrapped: an error SQLite raised because it could
 * not write (read-only, full or failing disk, the lock held too long) is thrown on as the app's
 * 503 answer (entry.storageFaultAnswer), so the shopper reads 'The shop cannot save right now'
 * and the API answers `{message}`, never a 500. docs/decisions/faults-survived.md. Each runs in
 * its request's language (entry.inRequestLanguage): the account e-mails it queues are written in it.
 */
export function withStorageFaults(build: ServerBuild, entry: () => ShopEntry): ServerBuild {
  const guard = (fn: RouteFunction | undefined) =>
    fn &&
    (async (args: { request: globalThis.Request }) => {
      try {
        return await entry().inRequestLanguage(args.request, () => fn(args));
      } catch (error) {
        throw entry().storageFaultAnswer(error, args.request) ?? error;
      }
    });
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = route.module as typeof route.module & { loader?: RouteFunction; action?: RouteFunction };
    routes[id] = { ...route, module: { ...module, loader: guard(module.loader), action: guard(module.action) } as typeof route.module };
  }
  return { ...build, routes };
}

function remixRequest(req: Request, res: Response, entry: ShopEntry): globalThis.Request {
  // req.hostname has no port: take it from X-Forwarded-Host or Host, as the express adapter does.
  const portOf = (value: string | undefined) => Number.parseInt(value?.split(":")[1] ?? "", 10);
  const port = [portOf(req.get("X-Forwarded-Host")), portOf(req.get("host"))].find((p) => Number.isSafeInteger(p));
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const limit = typeof res.locals.bodyLimit === "number" ? res.locals.bodyLimit : entry.MAX_BODY_BYTES;
    init.body = createReadableStreamFromReadable(entry.countedBody(req, limit));
    init.duplex = "half";
  }
  // Loaders and actions are aborted once no answer can be written any more.
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}

async function sendResponse(res: Response, response: globalThis.Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.statusCode = response.status;
  const cookies: string[] = [];
  for (const [key, value] of response.headers.entries()) {
    if (key.toLowerCase() === "set-cookie") cookies.push(value);
    else res.setHeader(key, value);
  }
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

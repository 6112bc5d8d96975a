import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { sql } from "kysely";
import { addToCart, getCart } from "~/domain/cart/cart.server";
import { inRequestLanguage, storageFaultAnswer } from "~/entry.server";
import { db } from "~/lib/db.server";
import { openDatabase } from "~/lib/sqlite.server";
import { isStorageFault, STORAGE_FAULT_RETRY_AFTER_SECONDS, STORAGE_FAULT_TEXT } from "~/lib/storage-fault";
import { formJsonAnswer } from "~/web/form-answer.server";
import { withStorageFaults } from "../../../server/remix";
import { type ShopEntry } from "../../../server/entry";
import { copyTemplate } from "../../helpers/db";
import { makeProduct } from "../../helpers/kit";

// The disk refusing writes: real SQLite errors (a read-only connection, a full database) are told
// apart from every other error, and the server's wrap of each loader and action answers them
// 503 {message} with Retry-After through Remix's own request handler. The pages and the API of
// the real build, with a read-only database, are tests/e2e/api/faults.spec.ts.

afterAll(() => db.destroy());

/** What the shop's own write raises, caught. */
async function raised(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (e: unknown) => e,
  );
}

describe("SQLite refusing a write", () => {
  it("on a read-only connection: the write raises SQLITE_READONLY, a storage fault, and reads still work", async () => {
    const file = copyTemplate();
    const writable = openDatabase(file);
    const seeded = await makeProduct(writable, { stock: 3 });
    await writable.destroy();
    const readOnly = openDatabase(file, { readOnly: true });
    try {
      const error = await raised(addToCart(readOnly, { cartKey: "faults-disk" }, { productId: seeded.id, quantity: 1 }));
      expect(error).toMatchObject({ code: "SQLITE_READONLY" });
      expect(isStorageFault(error)).toBe(true);
      expect((await getCart(readOnly, { cartKey: "faults-disk" })).items).toEqual([]);
    } finally {
      await readOnly.destroy();
    }
  });

  it("on a full disk: the write raises SQLITE_FULL, a storage fault; nothing of the transaction is kept", async () => {
    const full = openDatabase(copyTemplate());
    try {
      const product = await makeProduct(full, { stock: 10_000 });
      const pages = (await sql<{ page_count: number }>`PRAGMA page_count`.execute(full)).rows[0]!.page_count;
      await sql.raw(`PRAGMA max_page_count = ${pages}`).execute(full);
      let error: unknown = null;
      for (let i = 0; i < 5000 && !error; i++) error = await raised(addToCart(full, { cartKey: `faults-full-${i}` }, { productId: product.id, quantity: 1 }));
      expect(error).toMatchObject({ code: "SQLITE_FULL" });
      expect(isStorageFault(error)).toBe(true);
    } finally {
      await full.destroy();
    }
  });

  it("tells disk and lock errors apart from every other error, also when wrapped", () => {
    for (const code of [
      "SQLITE_READONLY",
      "SQLITE_READONLY_DBMOVED",
      "SQLITE_FULL",
      "SQLITE_IOERR",
      "SQLITE_IOERR_WRITE",
      "SQLITE_IOERR_FSYNC",
      "SQLITE_CANTOPEN",
      "SQLITE_BUSY",
    ]) {
      expect(isStorageFault(Object.assign(new Error("disk"), { code })), code).toBe(true);
      expect(isStorageFault(new Error("wrapped", { cause: Object.assign(new Error("disk"), { code }) })), code).toBe(true);
    }
    for (const error of [
      new Error("SQLITE_FULL"),
      Object.assign(new Error("x"), { code: "SQLITE_CONSTRAINT_UNIQUE" }),
      { code: "SQLITE_FULLY" },
      "SQLITE_FULL",
      null,
      503,
    ]) {
      expect(isStorageFault(error), String(error)).toBe(false);
    }
  });
});

describe("the server's answer to a refused write", () => {
  const readOnlyFile = copyTemplate();
  const readOnly = openDatabase(readOnlyFile, { readOnly: true });
  afterAll(() => readOnly.destroy());

  /** A build of two resource routes (no page to render) that write to the read-only database, or fail otherwise. */
  function build(): ServerBuild {
    const routes = {
      root: { id: "root", path: "", module: { default: () => null } },
      "routes/api.faults": {
        id: "routes/api.faults",
        parentId: "root",
        path: "api/faults",
        module: {
          loader: async () => Response.json({ items: (await getCart(readOnly, { cartKey: "faults-read" })).items.length }),
          action: async () => {
            await addToCart(readOnly, { cartKey: "faults-write" }, { productId: 1, quantity: 1 });
            return Response.json({ ok: true });
          },
        },
      },
      "routes/api.broken": { id: "routes/api.broken", parentId: "root", path: "api/broken", module: { loader: () => Promise.reject(new Error("a bug")) } },
    };
    return {
      routes,
      entry: { module: { default: () => new Response(null, { status: 500 }), handleError: () => undefined } },
      assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "test" },
      publicPath: "/build/",
      assetsBuildDirectory: "public/build",
      future: {},
      isSpaMode: false,
      basename: "/",
      mode: "production",
    } as unknown as ServerBuild;
  }
  const handle = createRequestHandler(
    withStorageFaults(build(), () => ({ storageFaultAnswer, inRequestLanguage }) as unknown as ShopEntry),
    "production",
  );
  const post = (path: string) => handle(new Request(`http://shop.test${path}`, { method: "POST", headers: { Accept: "application/json" } }));

  it("answers 503 {message} with Retry-After and no detail; reads on the same database still answer", async () => {
    const refused = await post("/api/faults");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe(String(STORAGE_FAULT_RETRY_AFTER_SECONDS));
    const body = await refused.text();
    expect(JSON.parse(body)).toEqual({ message: STORAGE_FAULT_TEXT.message });
    expect(body).not.toMatch(/SQLITE|readonly|at /);
    const read = await handle(new Request("http://shop.test/api/faults"));
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ items: 0 });
  });

  it("leaves every other error as it was: a bug is still a 500", async () => {
    expect((await handle(new Request("http://shop.test/api/broken"))).status).toBe(500);
  });

  it("a page's form posted by a script gets the same {message}, 503 and Retry-After", async () => {
    const headers = new Headers();
    const context = { errors: { root: { status: 503, statusText: "Service Unavailable", internal: false, data: { message: STORAGE_FAULT_TEXT.message } } } };
    const answer = formJsonAnswer(context as never, 503, headers);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe(String(STORAGE_FAULT_RETRY_AFTER_SECONDS));
    expect(await answer.json()).toEqual({ message: STORAGE_FAULT_TEXT.message });
    // Remix's own 5xx and an unexpected error stay generic.
    const internal = { errors: { root: { status: 503, statusText: "", internal: true, data: "detail" } } };
    expect(await formJsonAnswer(internal as never, 503, new Headers()).json()).toEqual({ message: "Something went wrong. Please try again." });
  });
});

import path from "node:path";
import { ESLint } from "eslint";

const root = path.resolve(import.meta.dirname, "../../..");
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` as if it were the file at `file`. */
async function ruleIdsFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

const BOUNDARY = "@typescript-eslint/no-restricted-imports";

describe("layer boundaries (eslint.config.js)", () => {
  it.each([
    ["app/lib/example.ts", 'import { x } from "~/domain/catalogue/products.server";'],
    ["app/lib/example.ts", 'import { x } from "~/web/guards.server";'],
    ["app/lib/example.ts", 'import { x } from "~/components/ui/field";'],
    ["app/lib/example.ts", 'import { x } from "../domain/common/schemas";'],
    ["app/domain/catalogue/example.server.ts", 'import { x } from "~/routes/product.$slug";'],
    ["app/domain/catalogue/example.server.ts", 'import { x } from "~/components/ui/field";'],
    ["app/domain/catalogue/example.server.ts", 'import { db } from "~/lib/db.server";'],
    ["app/components/ui/example.tsx", 'import { db } from "~/lib/db.server";'],
    ["db/seed/data.ts", 'import { x } from "../../scripts/seed";'],
    ["db/seed/index.ts", 'import { x } from "../../tools/paypal-emulator";'],
    ["db/migrate.ts", 'import { x } from "../scripts/migrate";'],
    ["db/migrations/2099_01_01_0001_example.ts", 'import { x } from "~/lib/money";'],
    ["db/migrations/2099_01_01_0001_example.ts", 'import { x } from "../seed/data";'],
    ["app/entry.server.tsx", 'import { x } from "../tools/paypal-emulator";'],
    ["app/routes/example.tsx", 'import { x } from "../../tools/mail-catcher";'],
    ["app/lib/example.ts", 'import { x } from "../../tools/paypal-emulator/types";'],
    ["app/web/example.server.ts", 'import { x } from "../../tools/paypal-emulator";'],
    ["app/domain/payments/example.server.ts", 'import { x } from "../../../tools/paypal-emulator";'],
    ["app/web/admin/orders-tab.server.ts", 'import { x } from "../../../tools/paypal-emulator";'],
    ["app/components/admin/example.tsx", 'import { x } from "../../../tools/mail-catcher";'],
  ])("%s may not %s", async (file, code) => {
    expect(await ruleIdsFor(file, `${code}\nexport const y = x;\n`)).toContain(BOUNDARY);
  });

  it.each([
    ["app/routes/example.tsx", 'import { x } from "~/domain/catalogue/products.server";'],
    ["app/domain/catalogue/example.server.ts", 'import { x } from "~/lib/money";'],
    ["app/components/ui/example.tsx", 'import type { x } from "~/domain/ops/activity.server";'],
    ["app/components/ui/example.tsx", 'import { x } from "~/domain/catalogue/schemas";'],
    ["scripts/seed.ts", 'import { x } from "../db/seed";'],
    ["tests/integration/example.test.ts", 'import { x } from "../../tools/paypal-emulator";'],
    ["db/seed/index.ts", 'import { x } from "../../app/domain/catalogue/slug";'],
  ])("%s may %s", async (file, code) => {
    expect(await ruleIdsFor(file, `${code}\nexport const y = x;\n`)).not.toContain(BOUNDARY);
  });
});

describe("react hooks (eslint.config.js)", () => {
  it("reports a hook called inside a callback", async () => {
    const code = 'import { useState } from "react";\nexport function List({ items }: { items: string[] }) {\n  return items.map((i) => useState(i)[0]);\n}\n';
    expect(await ruleIdsFor("app/components/ui/example.tsx", code)).toContain("react-hooks/rules-of-hooks");
  });
});

describe("the domain never sees HTTP (eslint.config.js)", () => {
  const file = "app/domain/catalogue/example.server.ts";

  it.each([
    'import { json } from "@remix-run/node";\nexport const y = json;\n',
    'import { redirect } from "@remix-run/server-runtime";\nexport const y = redirect;\n',
  ])("reports Remix's request helpers: %s", async (code) => {
    expect(await ruleIdsFor(file, code)).toContain(BOUNDARY);
  });

  it.each([
    "export function load(request: Request) { return request.url; }\n",
    'export function answer(): Response { return new Response("ok"); }\n',
    'export const answer = () => new Response("ok");\n',
  ])("reports a request or response: %s", async (code) => {
    expect(await ruleIdsFor(file, code)).toContain("no-restricted-syntax");
  });

  it("lets a domain function take the db's type and plain values", async () => {
    const code = 'import { type DB } from "~/lib/db.server";\nexport function count(db: DB, ip: string) { return [db, ip]; }\n';
    expect(await ruleIdsFor(file, code)).toEqual([]);
  });

  it("lets app/web answer requests", async () => {
    const code = 'import { json } from "@remix-run/node";\nexport function load(request: Request): Response { return json({ url: request.url }); }\n';
    expect(await ruleIdsFor("app/web/example.server.ts", code)).toEqual([]);
  });
});

describe("nothing that needs hydration on a lean page (eslint.config.js)", () => {
  const LEAN = "no-restricted-syntax";
  const handler = 'export function B() {\n  return <button type="button" onClick={() => undefined}>B</button>;\n}\n';
  const hook = 'import { useState } from "react";\nexport function B() {\n  const [open] = useState(false);\n  return <p>{String(open)}</p>;\n}\n';
  const effect = 'import React from "react";\nexport function B() {\n  React.useEffect(() => undefined, []);\n  return <p>B</p>;\n}\n';

  it.each([
    ["app/components/product/example.tsx", handler],
    ["app/components/layout/example.tsx", hook],
    ["app/components/ui/example.tsx", effect],
    ["app/routes/cart.tsx", handler],
    ["app/routes/shop.$categorySlug.tsx", hook],
  ])("%s may not use an event handler or a state hook", async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain(LEAN);
  });

  it.each([
    ["app/components/admin/example.tsx", handler],
    ["app/components/admin/product-editor/example.ts", hook],
    ["app/routes/admin.tsx", handler],
    ["app/routes/admin_.orders.$orderId.tsx", hook],
    ["app/routes/admin-login.tsx", effect],
    ["app/components/ui/toaster.tsx", effect],
  ])("%s, hydrated, may", async (file, code) => {
    expect(await ruleIdsFor(file, code)).not.toContain(LEAN);
  });
});

import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { STORE_INTENTS } from "~/domain/common/settings-texts";
import { DEFAULT_DISPATCH_TIME, DISPATCH_TIME_TEXT } from "~/domain/orders/dispatch-time";
import { DISPATCH_TIME_KEY, getDispatchTime } from "~/domain/orders/dispatch-time.server";
import { db } from "~/lib/db.server";
import { action as adminAction } from "~/routes/admin";
import Home, { loader as homeLoader } from "~/routes/_index";
import About, { loader as aboutLoader } from "~/routes/about";
import Terms, { loader as termsLoader } from "~/routes/terms-conditions";
import ProductPage, { loader as productLoader } from "~/routes/product.$slug";
import Confirmation, { loader as confirmationLoader } from "~/routes/order.$orderId.confirmation";
import { migrations } from "../../db/migrations";
import { newDbFile } from "../helpers/db";
import { makeOrder, makeProduct, makeUser, restoreSetting } from "../helpers/kit";
import { args, call, get, postForm, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

// One dispatch time, set in Settings, is what every page that states one says: the home page,
// the owner's pages ({shippingTime}), a product in stock and the confirmation's What's Next?.
// A piece still to be sewn states its own lead time instead.

afterAll(() => db.destroy());

let admin: { cookie: string };
let customer: { cookie: string };

beforeAll(async () => {
  admin = { cookie: await cookieFor((await makeUser(db, { isAdmin: true, email: "owner-dispatch@example.com" })).id) };
  customer = { cookie: await cookieFor((await makeUser(db, { email: "shopper-dispatch@example.com" })).id) };
});

const save = (fields: Record<string, string>, cookie = admin.cookie) =>
  run(() => adminAction(args(postForm("/admin?tab=settings", { intent: STORE_INTENTS.dispatchSave, ...fields }, { cookie, accept: null }))));

const dispatchRows = () => db.selectFrom("activity_log").select(["summary", "changes"]).where("kind", "=", "settings.dispatch").orderBy("id").execute();
const storedValue = async () => (await db.selectFrom("settings").select("value").where("key", "=", DISPATCH_TIME_KEY).executeTakeFirst())?.value;

function render(Component: ComponentType, path: string, data: unknown): string {
  const page = path === "/" ? { id: "page", index: true, Component } : { id: "page", path: path.split("?")[0]!.slice(1), Component };
  const Stub = createRemixStub([{ id: "root", path: "/", Component: Outlet, children: [page] }]);
  const report = console.error;
  // Dropped: the stub's router's useLayoutEffect, and React 18 not knowing the product photo's fetchpriority.
  console.error = (...a: unknown[]) => {
    if (!String(a[0]).includes("useLayoutEffect does nothing on the server") && a[1] !== "fetchPriority") report(...a);
  };
  try {
    return renderToString(
      createElement(Stub, {
        initialEntries: [path],
        hydrationData: { loaderData: { root: { shopEmail: "shop@example.com", storeName: "Little Stitches" }, page: data } },
      }),
    );
  } finally {
    console.error = report;
  }
}

/** The page's text, without tags, as a reader gets it. */
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the dispatch time setting", () => {
  it("is 1–3 business days until the owner saves one, then hers, with one activity row", async () => {
    expect(await getDispatchTime(db)).toEqual(DEFAULT_DISPATCH_TIME);
    const res = await save({ minDays: "2", maxDays: "5" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin?tab=settings");
    expect(await getDispatchTime(db)).toEqual({ minDays: 2, maxDays: 5 });
    const rows = await dispatchRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.summary).toBe("Dispatch time: ships within 2–5 business days");
    expect(JSON.parse(rows[0]!.changes!)).toEqual({ minDays: [1, 2], maxDays: [3, 5] });
  });

  it("refuses what is not a dispatch time with field errors, and customers, saving nothing and logging nothing", async () => {
    const before = await storedValue();
    const rowsBefore = (await dispatchRows()).length;
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ minDays: "0", maxDays: "3" }, { minDays: DISPATCH_TIME_TEXT.atLeastOne }],
      [{ minDays: "1", maxDays: "31" }, { maxDays: DISPATCH_TIME_TEXT.atMost }],
      [{ minDays: "1.5", maxDays: "3" }, { minDays: DISPATCH_TIME_TEXT.wholeDays }],
      [
        { minDays: "soon", maxDays: "" },
        { minDays: DISPATCH_TIME_TEXT.daysRequired, maxDays: DISPATCH_TIME_TEXT.daysRequired },
      ],
      [{ minDays: "4", maxDays: "2" }, { maxDays: DISPATCH_TIME_TEXT.maxBelowMin }],
      [
        { minDays: "-1", maxDays: "1e9" },
        { minDays: DISPATCH_TIME_TEXT.atLeastOne, maxDays: DISPATCH_TIME_TEXT.atMost },
      ],
    ];
    for (const [fields, errors] of cases) {
      const res = await save(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const data = await res.json();
      expect(data.intent).toBe(STORE_INTENTS.dispatchSave);
      for (const [name, message] of Object.entries(errors)) expect(data.result.error[name], `${JSON.stringify(fields)} ${name}`).toEqual([message]);
      // What she typed comes back to the form.
      expect(data.result.initialValue.minDays).toBe(fields.minDays);
    }
    expect((await save({ minDays: "9", maxDays: "9" }, customer.cookie)).status).toBe(403);
    expect((await save({ minDays: "9", maxDays: "9" }, "")).status).toBe(401);
    expect(await storedValue()).toBe(before);
    expect(await dispatchRows()).toHaveLength(rowsBefore);
  });

  it("reads a broken stored value as the default, never as nonsense", async () => {
    const before = await storedValue();
    try {
      for (const broken of ['{"minDays":5,"maxDays":2}', '{"minDays":"1; DROP","maxDays":3}', "not json", '{"minDays":0,"maxDays":400}']) {
        await restoreSetting(db, DISPATCH_TIME_KEY, broken);
        expect(await getDispatchTime(db), broken).toEqual(DEFAULT_DISPATCH_TIME);
      }
    } finally {
      await restoreSetting(db, DISPATCH_TIME_KEY, before);
    }
  });
});

describe("the pages agree on the dispatch time", () => {
  async function pages() {
    const ready = await makeProduct(db, { title: "Ready Lace Collar", stock: 4 });
    const home = render(Home, "/", await (await run(() => homeLoader(args(get("/"))))).json());
    const about = render(About, "/about", await (await run(() => aboutLoader(args(get("/about"))))).json());
    const terms = render(
      Terms,
      "/terms-conditions",
      await (await run(() => termsLoader({ request: get("/terms-conditions"), params: {}, context: {} }))).json(),
    );
    const product = render(
      ProductPage,
      `/product/${ready.slug}`,
      await (await call(productLoader, get(`/product/${ready.slug}`), { slug: ready.slug })).json(),
    );
    const order = await makeOrder(db, { status: "paid" });
    const confirmationData = await (
      await call(confirmationLoader, get(`/order/${order.id}/confirmation?token=${order.token}`), { orderId: String(order.id) })
    ).json();
    const confirmation = render(Confirmation, `/order/${order.id}/confirmation`, confirmationData);
    return { home: text(home), about: text(about), terms: text(terms), product: text(product), confirmation: text(confirmation) };
  }

  it("home, about, the terms, a product in stock and the confirmation all say the setting's words, and no other number", async () => {
    const before = await storedValue();
    try {
      for (const [min, max, phrase] of [
        ["1", "3", "1–3 business days"],
        ["2", "4", "2–4 business days"],
        ["1", "1", "1 business day"],
      ] as const) {
        expect((await save({ minDays: min, maxDays: max })).status).toBe(302);
        const shown = await pages();
        expect(shown.home).toContain(`Ready to ship worldwide within ${phrase}, with tracking`);
        expect(shown.home).toContain(`Ready-to-ship pieces leave the studio within ${phrase}, tracked`);
        expect(shown.about).toContain(`go out within ${phrase}, carefully boxed`);
        expect(shown.terms).toContain(`within ${phrase}, at the rate of the destination`);
        expect(shown.product).toContain(`Handmade in the studio; ships worldwide within ${phrase}.`);
        expect(shown.confirmation).toContain(`Orders go out within ${phrase}.`);
        for (const [name, page] of Object.entries(shown)) {
          // No page keeps a number of its own, and no placeholder shows.
          expect(page, name).not.toMatch(/1-2 business days|1-3 business days|in 1-3 days/);
          expect(page, name).not.toContain("{shippingTime}");
        }
      }
    } finally {
      await restoreSetting(db, DISPATCH_TIME_KEY, before);
    }
  });

  it("a made-to-order piece states its own lead time instead of the dispatch time", async () => {
    const sewn = await makeProduct(db, { title: "Tweed Overcoat", stock: 0, madeToOrder: true, leadTimeDays: 30 });
    const data = await (await call(productLoader, get(`/product/${sewn.slug}`), { slug: sewn.slug })).json();
    const page = text(render(ProductPage, `/product/${sewn.slug}`, data));
    expect(page).toContain("Sewn for you in the studio once you order; ships worldwide within 5 weeks.");
    expect(page).not.toContain("business day");
  });
});

describe("the migration to {shippingTime}", () => {
  const MINE = "2026_12_03_0009_shipping_time_placeholder";
  const names = Object.keys(migrations).sort();
  const before = names[names.indexOf(MINE) - 1]!;

  it("replaces the first version's numbers in the owner's texts, and leaves what she wrote herself", async () => {
    const sqlite = new SQLite(newDbFile("shipping-time"));
    const old = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
    const migrator = new Migrator({ db: old, provider: { getMigrations: async () => migrations } });
    try {
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      const exec = (text: string, ...params: unknown[]) => sqlite.prepare(text).run(...params);
      const version = (slug: string, body: string) => exec("insert into page_versions (slug, title, body) values (?, 'T', ?)", slug, body);
      version("about", "Old words. Orders go out within 1-2 business days, carefully boxed and tracked.");
      version("about", "Orders ship from Poland by priority airmail and go out within 1-2 business days, carefully boxed and tracked.");
      version("terms-conditions", "Orders ship by registered post at a flat worldwide rate within 5 business days, as I say.");
      const home = {
        heroTitle: "Mine",
        shippingText: "within 1-3 business days, with tracking and box packaging.",
        value2Title: "Fast, I promise",
        value2Text: "My own words.",
      };
      exec("insert into settings (key, value) values ('home', ?)", JSON.stringify(home));

      expect((await migrator.migrateTo(MINE)).error).toBeUndefined();
      const rows = sqlite.prepare("select slug, body, saved_by_email as bySystem from page_versions order by id").all() as { slug: string; body: string }[];
      expect(rows).toHaveLength(4);
      expect(rows[3]).toEqual({
        slug: "about",
        body: "Orders ship from Poland by priority airmail and go out within {shippingTime}, carefully boxed and tracked.",
        bySystem: "system",
      });
      // Her own terms (another number) get no new version.
      expect(rows.filter((r) => r.slug === "terms-conditions")).toHaveLength(1);
      const stored = JSON.parse((sqlite.prepare("select value from settings where key = 'home'").get() as { value: string }).value);
      expect(stored).toEqual({ ...home, shippingText: "within {shippingTime}, with tracking and box packaging." });
    } finally {
      await old.destroy();
    }
  });
});

import { parse } from "csv-parse/sync";
import { isoDate, neutralise, orderFilterFrom } from "~/domain/ops/exports.server";
import { db } from "~/lib/db.server";
import { loader as ordersCsvLoader } from "~/routes/admin_.orders[.]csv";
import { loader as usersCsvLoader } from "~/routes/admin_.users[.]csv";
import { makeUser } from "../helpers/kit";
import { args, get, ORIGIN, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";
import { type OrderStatus } from "~/domain/orders/status";

afterAll(() => db.destroy());

let adminCookie: string;
let customerCookie: string;

async function order(values: { email: string; status?: OrderStatus; createdAt: string; totalCents?: number; firstName?: string; tracking?: string | null }) {
  return db
    .insertInto("orders")
    .values({
      email: values.email,
      status: values.status ?? "paid",
      subtotal_cents: (values.totalCents ?? 3200) - 800,
      shipping_cents: 800,
      shipping_name: "Standard Shipping",
      total_cents: values.totalCents ?? 3200,
      confirmation_token: `tok-${Math.random()}`,
      shipping_first_name: values.firstName ?? "Ada",
      shipping_last_name: "Lovelace",
      shipping_address_line1: "1 Secret Lane",
      shipping_city: "London",
      shipping_postal_code: "N1",
      shipping_country: "GB",
      tracking_number: values.tracking ?? null,
      created_at: values.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  const a = await makeUser(db, { isAdmin: true, email: "csv-admin@example.com" });
  const c = await makeUser(db, { email: "csv-customer@example.com", firstName: '=HYPERLINK("http://evil")' });
  adminCookie = await cookieFor(a.id);
  customerCookie = await cookieFor(c.id);
  const nov = await order({ email: "nov@example.com", createdAt: "2026-11-20T10:00:00.000Z", totalCents: 4250 });
  // Its code took $3.45 off (the figures are the test's own; the CSV only reports them).
  await db.updateTable("orders").set({ discount_code: "SPRING15", discount_cents: 345 }).where("id", "=", nov.id).execute();
  await order({ email: "oct@example.com", createdAt: "2026-10-05T09:30:00.000Z", status: "shipped", tracking: "+44 TRACK" });
  await order({ email: "@evil@example.com", createdAt: "2026-11-21T12:00:00.000Z", firstName: "-2+3", tracking: "\tcmd" });
});

/** The body's text after checking that it starts with the UTF-8 byte order mark. */
async function bodyText(res: Response): Promise<string> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder("utf-8").decode(bytes);
}

async function csv(loader: typeof ordersCsvLoader, path: string, cookie?: string) {
  const res = await run(() => loader(args(get(path, { cookie }))));
  return res;
}

describe("CSV exports", () => {
  it("neutralises formula cells", () => {
    for (const bad of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) expect(neutralise(bad)).toBe(`'${bad}`);
    expect(neutralise("plain")).toBe("plain");
    expect(neutralise("a=b")).toBe("a=b");
    expect(isoDate("2026-11-24 10:00:00")).toBe("2026-11-24T10:00:00.000Z");
  });

  it("orders: UTF-8 with a header, decimals, ISO dates, the current filter and date range, formulas neutralised", async () => {
    const res = await csv(ordersCsvLoader, "/admin/orders.csv?from=2026-11-01&to=2026-11-30", adminCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await bodyText(res);
    expect(text.startsWith("Order,Placed at,Status")).toBe(true);
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r["E-mail"])).toEqual(["'@evil@example.com", "nov@example.com"]);
    const nov = rows[1]!;
    expect(nov).toMatchObject({ Total: "42.50", Subtotal: "34.50", Shipping: "8.00", "Placed at": "2026-11-20T10:00:00.000Z", Currency: "USD" });
    expect(nov).toMatchObject({ "Discount code": "SPRING15", "Code discount": "3.45", "Loyalty discount": "0.00" });
    expect(rows[0]).toMatchObject({ "Discount code": "", "Code discount": "0.00" });
    expect(rows[0]).toMatchObject({ "First name": "'-2+3", "Tracking number": "'\tcmd" });
    expect(text).not.toContain("Secret Lane");
    const shipped = parse(await bodyText(await csv(ordersCsvLoader, "/admin/orders.csv?status=shipped", adminCookie)), { columns: true }) as Record<
      string,
      string
    >[];
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!["Tracking number"]).toBe("'+44 TRACK");
  });

  it("streams every row of a long list, page after page", async () => {
    const many = Array.from({ length: 1203 }, (_, i) => ({
      email: `bulk${i}@example.com`,
      subtotal_cents: 100,
      shipping_cents: 0,
      shipping_name: "Standard Shipping",
      total_cents: 100,
      confirmation_token: `bulk-${i}`,
      shipping_first_name: "B",
      shipping_last_name: "K",
      shipping_address_line1: "x",
      shipping_city: "y",
      shipping_postal_code: "z",
      shipping_country: "GB",
      created_at: "2025-01-01T00:00:00.000Z",
    }));
    for (let i = 0; i < many.length; i += 200)
      await db
        .insertInto("orders")
        .values(many.slice(i, i + 200))
        .execute();
    const rows = parse(await bodyText(await csv(ordersCsvLoader, "/admin/orders.csv?q=bulk", adminCookie)), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1203);
    expect(new Set(rows.map((r) => r.Order)).size).toBe(1203);
  });

  it("users: every account, formula names neutralised", async () => {
    const res = await csv(usersCsvLoader, "/admin/users.csv", adminCookie);
    expect(res.status).toBe(200);
    const rows = parse(await bodyText(res), { columns: true }) as Record<string, string>[];
    const evil = rows.find((r) => r["E-mail"] === "csv-customer@example.com")!;
    expect(evil["First name"]).toBe('\'=HYPERLINK("http://evil")');
    expect(evil.Role).toBe("Customer");
    expect(rows.find((r) => r["E-mail"] === "csv-admin@example.com")!.Role).toBe("Admin");
  });

  it("is for admins only: 403 for a customer and for nobody", async () => {
    for (const cookie of [customerCookie, undefined]) {
      expect((await csv(ordersCsvLoader, "/admin/orders.csv", cookie)).status).toBe(403);
      expect((await csv(usersCsvLoader, "/admin/users.csv", cookie)).status).toBe(403);
    }
  });

  it("ignores a malformed filter instead of failing", () => {
    expect(orderFilterFrom(new URL(`${ORIGIN}/x?status=hacked&from=2026-13-45&to=yesterday&q=${"a".repeat(500)}`))).toEqual({
      status: null,
      q: "a".repeat(100),
      from: null,
      to: null,
    });
  });
});

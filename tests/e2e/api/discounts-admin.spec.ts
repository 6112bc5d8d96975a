import { randomBytes } from "node:crypto";
import { expect, test } from "../fixtures";
import { expectError } from "../helpers/api";
import { withDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";

// The owner's discount codes API through the real server: create, list, read and change a code;
// guests 401, customers 403, unknown or forged ids 404, malformed JSON 400, huge bodies 413, and
// codes that are too long, lower-case or hold other characters. The e2e shop is shared: every
// code here is its own, and none is public (a public code would reduce the shop's prices).

type Discount = Record<string, unknown> & { id: number; code: string };

/** A code no other test has: 4 letters, then 8 random ones. */
function uniqueCode(prefix: string): string {
  return `${prefix}${randomBytes(6).toString("hex").toUpperCase()}`.slice(0, 16);
}

const codeRows = (code: string) => withDb((db) => db.prepare("SELECT COUNT(*) AS n FROM discounts WHERE code = ?").get(code) as { n: number }).n;

test("an admin creates a code (lower-case typed, kept upper-case), finds it newest first, reads and changes it", async ({ loginAsAdmin }) => {
  const admin = await loginAsAdmin({ email: uniqueEmail("discounts-admin") });
  const code = uniqueCode("APIA");
  const created = await admin.request.post("/api/admin/discounts", {
    data: {
      code: code.toLowerCase(),
      type: "amount",
      value: "5.00",
      minSubtotal: "30.00",
      endsAt: "2099-01-01T00:00:00+01:00",
      maxUses: 50,
      oncePerEmail: true,
    },
  });
  expect(created.status()).toBe(201);
  const { discount } = (await created.json()) as { discount: Discount };
  expect(discount).toEqual({
    id: expect.any(Number),
    code,
    type: "amount",
    value: "5.00",
    minSubtotal: "30.00",
    startsAt: null,
    endsAt: "2098-12-31T23:00:00.000Z",
    maxUses: 50,
    uses: 0,
    oncePerEmail: true,
    public: false,
    active: true,
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  });

  const second = await admin.request.post("/api/admin/discounts", { data: { code: uniqueCode("APIB"), type: "percent", value: 12 } });
  expect(second.status()).toBe(201);
  const later = ((await second.json()) as { discount: Discount }).discount;
  const list = await admin.request.get("/api/admin/discounts");
  expect(list.status()).toBe(200);
  expect(list.headers()["cache-control"]).toBe("no-store");
  const ids = ((await list.json()) as { discounts: Discount[] }).discounts.map((d) => d.id);
  expect(ids.indexOf(later.id)).toBeGreaterThanOrEqual(0);
  expect(ids.indexOf(later.id)).toBeLessThan(ids.indexOf(discount.id));

  const patched = await admin.request.patch(`/api/admin/discounts/${discount.id}`, { data: { value: 7.5, maxUses: null, active: false } });
  expect(patched.status()).toBe(200);
  expect(((await patched.json()) as { discount: Discount }).discount).toMatchObject({
    code,
    value: "7.50",
    maxUses: null,
    active: false,
    minSubtotal: "30.00",
  });
  const one = await admin.request.get(`/api/admin/discounts/${discount.id}`);
  expect(((await one.json()) as { discount: Discount }).discount).toMatchObject({ value: "7.50", active: false });
  const shipping = await admin.request.patch(`/api/admin/discounts/${later.id}`, { data: { type: "shipping" } });
  expect(((await shipping.json()) as { discount: Discount }).discount).toMatchObject({ type: "shipping", value: 0 });
});

test("guests get 401 and customers 403 on every door, and nothing changes for them", async ({ request, loginAsCustomer, loginAsAdmin }) => {
  const admin = await loginAsAdmin({ email: uniqueEmail("discounts-admin") });
  const mine = (
    (await (await admin.request.post("/api/admin/discounts", { data: { code: uniqueCode("APIG"), type: "percent", value: 5 } })).json()) as {
      discount: Discount;
    }
  ).discount;
  const sneaky = uniqueCode("APIS");
  const customer = await loginAsCustomer({ email: uniqueEmail("discounts-customer") });
  for (const [who, client, status] of [
    ["guest", request, 401],
    ["customer", customer.request, 403],
  ] as const) {
    await test.step(who, async () => {
      await expectError(await client.get("/api/admin/discounts"), status);
      await expectError(await client.get(`/api/admin/discounts/${mine.id}`), status);
      await expectError(await client.post("/api/admin/discounts", { data: { code: sneaky, type: "percent", value: 100 } }), status);
      await expectError(await client.patch(`/api/admin/discounts/${mine.id}`, { data: { value: 100 } }), status);
    });
  }
  expect(codeRows(sneaky)).toBe(0);
  expect(((await (await admin.request.get(`/api/admin/discounts/${mine.id}`)).json()) as { discount: Discount }).discount).toMatchObject({ value: 5 });
});

test("refuses a code twice (409), a rename, unknown and forged ids (404), malformed JSON and bad codes (400), a huge body (413)", async ({ loginAsAdmin }) => {
  const admin = await loginAsAdmin({ email: uniqueEmail("discounts-admin") });
  const code = uniqueCode("APIR");
  const res = await admin.request.post("/api/admin/discounts", { data: { code, type: "percent", value: 10 } });
  const { id } = ((await res.json()) as { discount: Discount }).discount;

  const twice = await admin.request.post("/api/admin/discounts", { data: { code: ` ${code.toLowerCase()} `, type: "percent", value: 50 } });
  expect(await expectError(twice, 409)).toBe(`The code ${code} already exists: choose another code, or edit that one`);
  const rename = await admin.request.patch(`/api/admin/discounts/${id}`, { data: { code: uniqueCode("APIN") } });
  expect(await expectError(rename, 400)).toBe("A code cannot be renamed: make a new code instead (and switch this one off)");
  expect(((await rename.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty("code");

  for (const forged of ["999999999", "0", "-1", "abc", "1.5", "1%20OR%201=1", String(id) + "0000000000000"]) {
    await test.step(`id ${forged}`, async () => {
      expect(await expectError(await admin.request.patch(`/api/admin/discounts/${forged}`, { data: { active: false } }), 404)).toBe(
        "This discount code does not exist",
      );
      await expectError(await admin.request.get(`/api/admin/discounts/${forged}`), 404);
    });
  }

  const headers = { "Content-Type": "application/json" };
  expect(await expectError(await admin.request.post("/api/admin/discounts", { data: Buffer.from("{not json"), headers }), 400)).toBe(
    "Request body must be valid JSON",
  );
  expect(await expectError(await admin.request.patch(`/api/admin/discounts/${id}`, { data: Buffer.from('{"value": 5'), headers }), 400)).toBe(
    "Request body must be valid JSON",
  );

  const format = "A code has 4 to 20 letters A–Z and digits 0–9, such as SPRING15";
  for (const bad of ["A".repeat(21), "X".repeat(500_000), "AB1", "SPRING_15", "FÜNF2026", "<script>", "", 12345, null]) {
    await test.step(`code ${String(bad).slice(0, 24)}`, async () => {
      const answer = await admin.request.post("/api/admin/discounts", { data: { code: bad, type: "percent", value: 10 } });
      expect(answer.status()).toBe(400);
      const body = (await answer.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.errors.code?.[0]).toMatch(bad === "" || bad === null ? /^Enter the code$|such as SPRING15/ : new RegExp(`^${format}$`));
    });
  }
  for (const [data, field] of [
    [{ type: "percent", value: 150 }, "value"],
    [{ type: "amount", value: "5,50" }, "value"],
    [{ type: "amount", value: 0 }, "value"],
    [{ type: "half", value: 1 }, "type"],
    [{ type: "percent", value: 10, maxUses: 0 }, "maxUses"],
    [{ type: "percent", value: 10, startsAt: "2030-01-02T00:00:00Z", endsAt: "2030-01-01T00:00:00Z" }, "endsAt"],
    [{ type: "percent", value: 10, startsAt: "next week" }, "startsAt"],
    [{ type: "percent", value: 10, public: "yes" }, "public"],
  ] as const) {
    const answer = await admin.request.post("/api/admin/discounts", { data: { code: uniqueCode("APIV"), ...data } });
    expect(answer.status(), JSON.stringify(data)).toBe(400);
    expect(Object.keys(((await answer.json()) as { errors: Record<string, string[]> }).errors), JSON.stringify(data)).toEqual([field]);
  }

  const huge = await admin.request.post("/api/admin/discounts", { data: Buffer.from(JSON.stringify({ code: "X".repeat(2 * 1024 * 1024) })), headers });
  expect(await expectError(huge, 413)).toBe("The request is too large.");
  expect(((await (await admin.request.get(`/api/admin/discounts/${id}`)).json()) as { discount: Discount }).discount).toMatchObject({
    code,
    value: 10,
    active: true,
  });
});

import { sql } from "kysely";
import { DISCOUNT_ADMIN_TEXT as T } from "~/domain/discounts/admin-texts";
import { createDiscount, getDiscount, updateDiscount } from "~/domain/discounts/admin.server";
import { type DiscountInput } from "~/domain/discounts/schemas";
import { listActivity } from "~/domain/ops/activity.server";
import { db } from "~/lib/db.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { action as listAction, loader as listLoader } from "~/routes/api.admin.discounts";
import { action as oneAction, loader as oneLoader } from "~/routes/api.admin.discounts.$id";
import { makeUser, setDiscountUses } from "../helpers/kit";
import { args, get, getJson, postForm, postJson, run, sendJson } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

// The owner's side of discount codes through the domain and the routes: one transaction with one
// activity row per write, the public periods the prior-price rule reads, the API's answers and
// refusals, and the Discounts tab's forms.

afterAll(() => db.destroy());

let adminCookie: string;
let customerCookie: string;
const ACTOR = { id: null, email: "owner@example.com" };

beforeAll(async () => {
  adminCookie = await cookieFor((await makeUser(db, { isAdmin: true, email: "discounts-admin@example.com" })).id);
  customerCookie = await cookieFor((await makeUser(db, { email: "discounts-customer@example.com" })).id);
});

let codes = 0;
function input(over: Partial<DiscountInput> = {}): DiscountInput {
  return {
    code: `CODE${++codes}X`,
    type: "percent",
    value: 15,
    minSubtotal: null,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    oncePerEmail: false,
    public: true,
    active: true,
    ...over,
  };
}

const at = (iso: string) => new Date(iso);
const periods = (discountId: number) =>
  db
    .selectFrom("discount_public_periods")
    .select(["id", "type", "value", "min_subtotal_cents as min", "starts_at as from", "ends_at as to"])
    .where("discount_id", "=", discountId)
    .orderBy("id")
    .execute();

describe("createDiscount and updateDiscount", () => {
  it("add a code with one activity row naming its fields, and edit it with one naming what changed", async () => {
    const created = await createDiscount(db, input({ code: "WELCOME10", value: 10, public: false, oncePerEmail: true }), ACTOR);
    expect(created).toMatchObject({ code: "WELCOME10", type: "percent", value: 10, uses: 0, oncePerEmail: true, public: false, active: true });
    const added = (await listActivity(db, { kind: "discount.create" })).rows.find((r) => r.subjectId === created.id)!;
    expect(added).toMatchObject({ actorEmail: "owner@example.com", subjectType: "discount", summary: "Discount code added: WELCOME10" });
    expect(added.changes).toMatchObject({ code: [null, "WELCOME10"], value: [null, 10], oncePerEmail: [null, true] });

    const edited = await updateDiscount(db, created.id, { type: "amount", value: 550, minSubtotal: 3000, maxUses: 100 }, ACTOR);
    expect(edited).toMatchObject({ type: "amount", value: 550, minSubtotalCents: 3000, maxUses: 100, oncePerEmail: true });
    const log = (await listActivity(db, { kind: "discount.update" })).rows.find((r) => r.subjectId === created.id)!;
    expect(log.summary).toBe("Discount code edited: WELCOME10");
    expect(log.changes).toEqual({ type: ["percent", "amount"], value: [10, "5.50"], minSubtotal: [null, "30.00"], maxUses: [null, 100] });
  });

  it("refuses a code that exists (409 on the code) and writes nothing", async () => {
    await createDiscount(db, input({ code: "TWICE1" }));
    const before = (await listActivity(db, { kind: "discount.create" })).total;
    await expect(createDiscount(db, input({ code: "TWICE1", value: 50 }))).rejects.toMatchObject({
      status: 409,
      field: "code",
      message: T.codeTaken("TWICE1"),
    });
    expect((await listActivity(db, { kind: "discount.create" })).total).toBe(before);
  });

  it("refuses another code (400), a limit below the uses (400 on maxUses), an end before the start, and an unknown id (404)", async () => {
    const d = await createDiscount(db, input({ maxUses: 10 }));
    await setDiscountUses(db, d.id, 4);
    await expect(updateDiscount(db, d.id, { code: "OTHER1" })).rejects.toMatchObject({ status: 400, field: "code", message: T.codeUnchangeable });
    await expect(updateDiscount(db, d.id, { maxUses: 3 })).rejects.toMatchObject({ status: 400, field: "maxUses", message: T.maxUsesBelowUses(4) });
    await expect(updateDiscount(db, d.id, { startsAt: "2030-01-02T00:00:00.000Z", endsAt: "2030-01-01T00:00:00.000Z" })).rejects.toMatchObject({
      status: 400,
      field: "endsAt",
    });
    await expect(updateDiscount(db, d.id, { type: "amount" })).rejects.toMatchObject({ status: 400, field: "value" });
    await expect(updateDiscount(db, 999_999, { active: false })).rejects.toMatchObject({ status: 404, message: T.unknownDiscount });
    // The same code sent back is no rename, and a limit equal to the uses is allowed.
    expect(await updateDiscount(db, d.id, { code: d.code, maxUses: 4 })).toMatchObject({ maxUses: 4 });
    expect(await getDiscount(db, d.id)).toMatchObject({ code: d.code, uses: 4, maxUses: 4 });
  });
});

describe("one transaction", () => {
  const REFUSED = { id: null, email: "owner@example.com", ip: "192.0.2.77" };
  beforeAll(() =>
    sql`CREATE TRIGGER test_discount_log_refuse BEFORE INSERT ON activity_log WHEN NEW.client_ip = '192.0.2.77' BEGIN SELECT RAISE(ABORT, 'refused'); END`.execute(
      db,
    ),
  );
  afterAll(() => sql`DROP TRIGGER IF EXISTS test_discount_log_refuse`.execute(db));

  it("a write whose activity row fails leaves no code, no change and no period behind", async () => {
    await expect(createDiscount(db, input({ code: "ROLLBACK1" }), REFUSED)).rejects.toThrow("refused");
    expect(await db.selectFrom("discounts").select("id").where("code", "=", "ROLLBACK1").execute()).toEqual([]);
    const d = await createDiscount(db, input({ code: "ROLLBACK2" }), ACTOR, { now: new Date("2031-05-01T00:00:00.000Z") });
    const before = await periods(d.id);
    await expect(updateDiscount(db, d.id, { value: 40 }, REFUSED, { now: new Date("2031-05-02T00:00:00.000Z") })).rejects.toThrow("refused");
    expect(await getDiscount(db, d.id)).toMatchObject({ value: 15 });
    expect(await periods(d.id)).toEqual(before);
  });
});

describe("the public periods the prior-price rule reads", () => {
  const T0 = "2031-03-01T10:00:00.000Z";
  const T1 = "2031-03-05T10:00:00.000Z";
  const T2 = "2031-03-09T10:00:00.000Z";

  it("a public code opens a period from its creation (or its later start) to its end; private, free-shipping and ended codes none", async () => {
    const open = await createDiscount(db, input({ minSubtotal: 8000 }), ACTOR, { now: at(T0) });
    expect(await periods(open.id)).toEqual([expect.objectContaining({ type: "percent", value: 15, min: 8000, from: T0, to: null })]);
    const later = await createDiscount(db, input({ startsAt: T1, endsAt: T2, type: "amount", value: 500 }), ACTOR, { now: at(T0) });
    expect(await periods(later.id)).toEqual([expect.objectContaining({ type: "amount", value: 500, from: T1, to: T2 })]);
    const started = await createDiscount(db, input({ startsAt: "2031-01-01T00:00:00.000Z" }), ACTOR, { now: at(T0) });
    expect((await periods(started.id))[0]).toMatchObject({ from: T0 });
    for (const none of [input({ public: false }), input({ type: "shipping", value: 0 }), input({ active: false }), input({ endsAt: T0 })]) {
      const d = await createDiscount(db, none, ACTOR, { now: at(T0) });
      expect(await periods(d.id), d.code).toEqual([]);
    }
  });

  it("a new value closes the running period and opens one with the new terms", async () => {
    const d = await createDiscount(db, input(), ACTOR, { now: at(T0) });
    const [first] = await periods(d.id);
    await updateDiscount(db, d.id, { value: 20 }, ACTOR, { now: at(T1) });
    expect(await periods(d.id)).toEqual([
      { id: first!.id, type: "percent", value: 15, min: null, from: T0, to: T1 },
      expect.objectContaining({ value: 20, from: T1, to: null }),
    ]);
  });

  it("a new end alone moves the running period's end and keeps its start; nothing else touches it", async () => {
    const d = await createDiscount(db, input({ endsAt: T1 }), ACTOR, { now: at(T0) });
    const [first] = await periods(d.id);
    await updateDiscount(db, d.id, { endsAt: T2 }, ACTOR, { now: at("2031-03-03T00:00:00.000Z") });
    expect(await periods(d.id)).toEqual([{ ...first!, to: T2 }]);
    await updateDiscount(db, d.id, { maxUses: 50, oncePerEmail: true }, ACTOR, { now: at("2031-03-04T00:00:00.000Z") });
    await updateDiscount(db, d.id, { endsAt: null }, ACTOR, { now: at("2031-03-04T00:00:00.000Z") });
    expect(await periods(d.id)).toEqual([{ ...first!, to: null }]);
  });

  it("switching a code off or making it private closes its period; an end already past closes it now", async () => {
    const off = await createDiscount(db, input(), ACTOR, { now: at(T0) });
    await updateDiscount(db, off.id, { active: false }, ACTOR, { now: at(T1) });
    expect(await periods(off.id)).toEqual([expect.objectContaining({ from: T0, to: T1 })]);
    const hidden = await createDiscount(db, input(), ACTOR, { now: at(T0) });
    await updateDiscount(db, hidden.id, { public: false }, ACTOR, { now: at(T1) });
    expect(await periods(hidden.id)).toEqual([expect.objectContaining({ from: T0, to: T1 })]);
    const cut = await createDiscount(db, input(), ACTOR, { now: at(T0) });
    await updateDiscount(db, cut.id, { endsAt: "2031-03-02T00:00:00.000Z" }, ACTOR, { now: at(T1) });
    expect(await periods(cut.id)).toEqual([expect.objectContaining({ from: T0, to: T1 })]);
  });

  it("a period not begun yet is deleted when the terms change, and the new one keeps the later start", async () => {
    const d = await createDiscount(db, input({ startsAt: T2 }), ACTOR, { now: at(T0) });
    const [future] = await periods(d.id);
    await updateDiscount(db, d.id, { value: 30 }, ACTOR, { now: at(T1) });
    const after = await periods(d.id);
    expect(after.map((p) => p.id)).not.toContain(future!.id);
    expect(after).toEqual([expect.objectContaining({ value: 30, from: T2, to: null })]);
    await updateDiscount(db, d.id, { active: false }, ACTOR, { now: at(T1) });
    expect(await periods(d.id)).toEqual([]);
  });

  it("an ended code given a later end is offered again from now", async () => {
    const d = await createDiscount(db, input({ endsAt: T1 }), ACTOR, { now: at(T0) });
    await updateDiscount(db, d.id, { endsAt: "2031-04-01T00:00:00.000Z" }, ACTOR, { now: at(T2) });
    expect(await periods(d.id)).toEqual([expect.objectContaining({ from: T0, to: T1 }), expect.objectContaining({ from: T2, to: "2031-04-01T00:00:00.000Z" })]);
  });
});

describe("/api/admin/discounts", () => {
  const list = (cookie?: string) => run(() => listLoader(args(getJson("/api/admin/discounts", { cookie }))));
  const post = (body: unknown, cookie = adminCookie) => run(() => listAction(args(postJson("/api/admin/discounts", body, { cookie }))));
  const patch = (id: string, body: unknown, cookie = adminCookie) =>
    run(() => oneAction(args(sendJson("PATCH", `/api/admin/discounts/${id}`, body, { cookie }), { id })));

  it("creates (201), lists newest first and patches a code, answering the contract's shape", async () => {
    const created = await post({ code: "api-five", type: "amount", value: "5.00", minSubtotal: "30.00", endsAt: "2040-01-01T00:00:00+01:00", maxUses: 3 });
    expect(created.status).toBe(201);
    const { discount } = (await created.json()) as { discount: Record<string, unknown> & { id: number } };
    expect(discount).toEqual({
      id: expect.any(Number),
      code: "APIFIVE",
      type: "amount",
      value: "5.00",
      minSubtotal: "30.00",
      startsAt: null,
      endsAt: "2039-12-31T23:00:00.000Z",
      maxUses: 3,
      uses: 0,
      oncePerEmail: false,
      public: false,
      active: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(((await (await post({ code: "APISHIP", type: "shipping" })).json()) as { discount: { value: number } }).discount.value).toBe(0);
    const listed = (await (await list(adminCookie)).json()) as { discounts: { code: string }[] };
    expect(listed.discounts.map((d) => d.code).indexOf("APISHIP")).toBeLessThan(listed.discounts.map((d) => d.code).indexOf("APIFIVE"));

    const patched = await patch(String(discount.id), { value: "7.5", public: true });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { discount: unknown }).discount).toMatchObject({ value: "7.50", public: true, minSubtotal: "30.00", maxUses: 3 });
    const one = await run(() => oneLoader(args(getJson(`/api/admin/discounts/${discount.id}`, { cookie: adminCookie }), { id: String(discount.id) })));
    expect(((await one.json()) as { discount: unknown }).discount).toMatchObject({ code: "APIFIVE", value: "7.50" });
  });

  it("answers 401 to a guest and 403 to a customer, and changes nothing for them", async () => {
    const d = await createDiscount(db, input({ code: "GUARDED1" }));
    expect((await list()).status).toBe(401);
    expect((await list(customerCookie)).status).toBe(403);
    expect((await post({ code: "SNEAKY1", type: "percent", value: 100 }, "")).status).toBe(401);
    expect((await post({ code: "SNEAKY1", type: "percent", value: 100 }, customerCookie)).status).toBe(403);
    expect((await patch(String(d.id), { value: 100 }, customerCookie)).status).toBe(403);
    expect((await patch(String(d.id), { value: 100 }, "")).status).toBe(401);
    expect(await getDiscount(db, d.id)).toMatchObject({ value: 15 });
    expect((await db.selectFrom("discounts").select("id").where("code", "=", "SNEAKY1").execute()).length).toBe(0);
  });

  it("refuses a code twice (409), a rename, a limit below the uses (400 {message, errors}), unknown or forged ids (404) and malformed JSON (400)", async () => {
    const d = await createDiscount(db, input({ code: "TAKEN1" }));
    await setDiscountUses(db, d.id, 2);
    const twice = await post({ code: "taken1", type: "percent", value: 10 });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ message: T.codeTaken("TAKEN1"), errors: { code: [T.codeTaken("TAKEN1")] } });
    const rename = await patch(String(d.id), { code: "RENAMED1" });
    expect(rename.status).toBe(400);
    expect(await rename.json()).toEqual({ message: T.codeUnchangeable, errors: { code: [T.codeUnchangeable] } });
    const below = await patch(String(d.id), { maxUses: 1 });
    expect(below.status).toBe(400);
    expect(await below.json()).toEqual({ message: T.maxUsesBelowUses(2), errors: { maxUses: [T.maxUsesBelowUses(2)] } });
    for (const id of ["999999", "0", "abc", "1e3", "-1"]) {
      const res = await patch(id, { active: false });
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ message: T.unknownDiscount });
    }
    const malformed = await patch(String(d.id), "{not json");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: "Request body must be valid JSON" });
    const bad = await post({ code: "ab", type: "percent", value: 150 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: { code: [T.codeFormat] } });
    expect(await getDiscount(db, d.id)).toMatchObject({ code: "TAKEN1", maxUses: null, active: true });
  });
});

describe("the Discounts tab", () => {
  const post = (fields: Record<string, string>, url = "/admin?tab=discounts") => run(() => adminAction(args(postForm(url, fields, { cookie: adminCookie }))));
  const tab = async (query = "") =>
    (
      (await (await run(() => adminLoader(args(get(`/admin?tab=discounts${query}`, { cookie: adminCookie }))))).json()) as {
        discountsTab: { discounts: { id: number; code: string; gives: string; uses: string }[]; editing: Record<string, unknown> | null };
      }
    ).discountsTab;

  it("adds a code from the form (the owner's comma, Warsaw time) and lists it", async () => {
    const res = await post({
      intent: "discount-create",
      code: "tab five",
      type: "amount",
      value: "5,50",
      startsAt: "2026-12-01T10:00",
      maxUses: "20",
      active: "on",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin?tab=discounts");
    const row = (await tab()).discounts.find((d) => d.code === "TABFIVE")!;
    expect(row).toMatchObject({ gives: "$5.50 off", uses: "0 of 20" });
    expect(await getDiscount(db, row.id)).toMatchObject({ value: 550, startsAt: "2026-12-01T09:00:00.000Z", public: false, active: true });

    const edit = await tab(`&edit=${row.id}`);
    expect(edit.editing).toMatchObject({ code: "TABFIVE", type: "amount", value: "5.50", startsAt: "2026-12-01T10:00", maxUses: "20", active: true });
  });

  it("answers a bad value, a code twice and a limit below the uses on their fields, saving nothing", async () => {
    const bad = await post({ intent: "discount-create", code: "TABBAD1", type: "percent", value: "150" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ intent: "discount-create", result: { error: { value: [T.percentRange] }, initialValue: { code: "TABBAD1" } } });
    await createDiscount(db, input({ code: "TABTWICE" }));
    const twice = await post({ intent: "discount-create", code: "TABTWICE", type: "percent", value: "10" });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ result: { error: { code: [T.codeTaken("TABTWICE")] } } });

    const d = await createDiscount(db, input({ code: "TABUSED" }));
    await setDiscountUses(db, d.id, 3);
    const below = await post(
      { intent: "discount-update", id: String(d.id), type: "percent", value: "15", maxUses: "2", active: "on" },
      `/admin?tab=discounts&edit=${d.id}`,
    );
    expect(below.status).toBe(400);
    expect(await below.json()).toMatchObject({ intent: "discount-update", result: { error: { maxUses: [T.maxUsesBelowUses(3)] } }, failure: null });
    expect(await getDiscount(db, d.id)).toMatchObject({ maxUses: null });
    expect((await tab()).discounts.some((r) => r.code === "TABBAD1")).toBe(false);
  });

  it("saves an edit (unticked boxes switch off) with its activity row, and says when the code is gone", async () => {
    const d = await createDiscount(db, input({ code: "TABEDIT", oncePerEmail: true }));
    const rows = (await listActivity(db, { kind: "discount.update" })).total;
    const saved = await post({ intent: "discount-update", id: String(d.id), type: "percent", value: "25", minSubtotal: "80", active: "on" });
    expect(saved.status).toBe(302);
    expect(await getDiscount(db, d.id)).toMatchObject({ value: 25, minSubtotalCents: 8000, oncePerEmail: false, public: false, active: true });
    expect((await listActivity(db, { kind: "discount.update" })).total).toBe(rows + 1);
    const gone = await post({ intent: "discount-update", id: "999999", type: "percent", value: "25" });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ failure: { title: T.notSaved, description: T.unknownDiscount } });
  });

  it("refuses the tab's intents to a customer", async () => {
    const res = await run(() =>
      adminAction(
        args(postForm("/admin?tab=discounts", { intent: "discount-create", code: "CUST1", type: "percent", value: "99" }, { cookie: customerCookie })),
      ),
    );
    expect(res.status).toBe(403);
    expect((await db.selectFrom("discounts").select("id").where("code", "=", "CUST1").execute()).length).toBe(0);
  });
});

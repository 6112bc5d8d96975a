import { daysAgo } from "../../helpers/kit";
import { expect, test } from "../fixtures";
import { expectError } from "../helpers/api";
import { insertOrder } from "../helpers/orders";
import { withDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";

// POST /api/withdrawals over HTTP, as a client reading the contract would call it: 201 with the
// receipt, the first receipt again on a repeat, one 404 for an unknown order and a wrong e-mail,
// 409 when the period is over, 400 bad input, a foreign origin refused; orders' JSON carry it.

const NOT_FOUND = "We could not find an order with this number and e-mail address.";

function outboxFor(orderId: number): { kind: string; to: string }[] {
  return withDb(
    (db) =>
      db
        .prepare('SELECT kind, to_address AS "to" FROM outbox WHERE event_key IN (?, ?, ?) ORDER BY id')
        .all(`withdrawal:${orderId}`, `withdrawal-owner:${orderId}`, `withdrawal-reminder:${orderId}`) as { kind: string; to: string }[],
  );
}

test("a paid order: 201 with the receipt; a repeat answers the first receipt and sends nothing more", async ({ request }) => {
  const email = uniqueEmail("withdraw-api");
  const order = await insertOrder({ email, status: "paid" });
  const res = await request.post("/api/withdrawals", {
    data: { orderId: order.id, email: email.toUpperCase(), name: "Clara Bloom", statement: "I withdraw." },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { orderId: number; receivedAt: string };
  expect(body).toEqual({ orderId: order.id, receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d/) });
  expect(Date.now() - Date.parse(body.receivedAt)).toBeLessThan(60_000);

  const again = await request.post("/api/withdrawals", { data: { orderId: order.id, email, name: "Clara Bloom" } });
  expect(again.status()).toBe(201);
  expect(await again.json()).toEqual(body);
  expect(outboxFor(order.id).map((m) => m.kind)).toEqual(["withdrawal-received", "owner-withdrawal"]);
  expect(outboxFor(order.id)[0]!.to).toBe(email);
});

test("an unknown order and someone else's order with a guessed e-mail get the same 404, and nothing is sent", async ({ request }) => {
  const order = await insertOrder({ email: uniqueEmail("withdraw-victim"), status: "paid" });
  const unknown = await request.post("/api/withdrawals", { data: { orderId: 999_999_999, email: "eve@example.com", name: "Eve" } });
  const guessed = await request.post("/api/withdrawals", { data: { orderId: order.id, email: "eve@example.com", name: "Eve" } });
  expect(await expectError(unknown, 404)).toBe(NOT_FOUND);
  expect(await expectError(guessed, 404)).toBe(NOT_FOUND);
  expect(outboxFor(order.id)).toEqual([]);
});

test("wrong e-mails for one order are limited: 429 with a message, then even the right one waits", async ({ request }) => {
  const email = uniqueEmail("withdraw-guessed");
  const order = await insertOrder({ email, status: "paid" });
  const post = (guess: string) => request.post("/api/withdrawals", { data: { orderId: order.id, email: guess, name: "Eve" } });
  for (let i = 0; i < 10; i++) expect((await post(`guess-${i}@example.com`)).status()).toBe(404);
  expect(await expectError(await post(email), 429)).toContain("Too many tries with this order number or e-mail address");
  expect(outboxFor(order.id)).toEqual([]);
});

test("after the period: 409 saying so, nothing recorded; unpaid and cancelled orders: 409", async ({ request }) => {
  const email = uniqueEmail("withdraw-late");
  const late = await insertOrder({ email, status: "delivered", shippedAt: daysAgo(20), deliveredAt: daysAgo(15) });
  const message = await expectError(await request.post("/api/withdrawals", { data: { orderId: late.id, email, name: "Clara" } }), 409);
  expect(message).toContain(`The withdrawal period for order #${late.id} ended on`);
  expect(withDb((db) => db.prepare("SELECT count(*) AS n FROM withdrawals WHERE order_id = ?").get(late.id) as { n: number }).n).toBe(0);

  const recent = await insertOrder({ email, status: "delivered", shippedAt: daysAgo(20), deliveredAt: daysAgo(13) });
  expect((await request.post("/api/withdrawals", { data: { orderId: recent.id, email, name: "Clara" } })).status()).toBe(201);

  for (const status of ["unpaid", "cancelled"] as const) {
    const o = await insertOrder({ email, status });
    expect(await expectError(await request.post("/api/withdrawals", { data: { orderId: o.id, email, name: "Clara" } }), 409)).toContain(
      "cannot be withdrawn from",
    );
  }
});

test("bad input is 400 {message}; another origin is refused; GET is not allowed", async ({ request }) => {
  await expectError(await request.post("/api/withdrawals", { data: { orderId: "abc", email: "x", name: "" } }), 400);
  await expectError(await request.post("/api/withdrawals", { data: { orderId: 1, email: "a@example.com", name: "A", statement: "x".repeat(1001) } }), 400);
  await expectError(
    await request.post("/api/withdrawals", { data: { orderId: 1, email: "a@example.com", name: "A" }, headers: { Origin: "https://evil.example" } }),
    403,
  );
  await expectError(await request.get("/api/withdrawals"), 405);
});

test("the orders' JSON carry the withdrawal for the customer and the admin", async ({ loginAsCustomer, loginAsAdmin }) => {
  const email = uniqueEmail("withdraw-json");
  const { userId, request: customer } = await loginAsCustomer({ email });
  const order = await insertOrder({ email, userId, status: "processing" });
  const { request: admin } = await loginAsAdmin({ email: "admin@example.com" });
  expect((await (await customer.get(`/api/orders/${order.id}`)).json()).withdrawal).toBeNull();
  const { receivedAt } = (await (await customer.post("/api/withdrawals", { data: { orderId: order.id, email, name: "Test Customer" } })).json()) as {
    receivedAt: string;
  };
  const expected = { receivedAt, handledAt: null };
  const list = (await (await customer.get("/api/orders")).json()) as { id: number; withdrawal: unknown }[];
  expect(list.find((o) => o.id === order.id)!.withdrawal).toEqual(expected);
  expect((await (await customer.get(`/api/orders/${order.id}`)).json()).withdrawal).toEqual(expected);
  expect((await (await customer.get(`/api/orders/${order.id}/details?token=${order.token}`)).json()).withdrawal).toEqual(expected);
  const adminList = (await (await admin.get(`/api/admin/orders?q=${order.id}`)).json()) as { orders: { id: number; withdrawal: unknown }[] };
  expect(adminList.orders.find((o) => o.id === order.id)!.withdrawal).toEqual(expected);
  expect((await (await admin.get(`/api/admin/orders/${order.id}`)).json()).withdrawal).toEqual(expected);
});

import { expect, test } from "../fixtures";
import { uniqueEmail } from "../helpers/session";

// The monthly sales register over HTTP: the admin's CSV, 400 for a bad month, 403 for others.

test.describe("the sales register CSV", () => {
  test("the admin downloads the month's CSV; a bad month is a 400 in plain text", async ({ loginAsAdmin }) => {
    const admin = await loginAsAdmin({ email: uniqueEmail("register-admin") });
    const res = await admin.request.get("/admin/reports/sales.csv?month=2026-11");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers()["content-disposition"]).toBe('attachment; filename="sales-2026-11.csv"');
    expect(res.headers()["cache-control"]).toBe("private, no-store");
    const body = await res.body();
    expect(body.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(body.subarray(3).toString("utf8").split("\n")[0]).toMatch(/^Order,Placed at,Paid at,Status,Country,.*,Invoice,Credit notes,In month\r?$/);
    for (const month of ["", "2026-13", "2026-11-01", "=1+1"]) {
      const bad = await admin.request.get(`/admin/reports/sales.csv?month=${encodeURIComponent(month)}`);
      expect(bad.status(), month).toBe(400);
      expect(bad.headers()["content-type"]).toBe("text/plain; charset=utf-8");
      expect(await bad.text()).toContain("YYYY-MM");
    }
  });

  test("403 for a visitor and a customer", async ({ request, loginAsCustomer }) => {
    expect((await request.get("/admin/reports/sales.csv?month=2026-11")).status()).toBe(403);
    const customer = await loginAsCustomer({ email: uniqueEmail("register-customer") });
    const res = await customer.request.get("/admin/reports/sales.csv?month=2026-11");
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });
});

import { getAccountEmail, listAccounts } from "~/domain/auth/accounts.server";
import { db } from "~/lib/db.server";
import { makeUser } from "../helpers/kit";

// The shared `db` is this file's own database (tests/setup/per-file.ts).
afterAll(() => db.destroy());

describe("account lookups", () => {
  it("gives an account's e-mail, and null for an account that does not exist", async () => {
    const user = await makeUser(db, { email: "mira.lace@example.com" });
    expect(await getAccountEmail(db, user.id)).toBe("mira.lace@example.com");
    expect(await getAccountEmail(db, 987654)).toBeNull();
  });

  it("lists accounts newest first with their role and shown name", async () => {
    const customer = await makeUser(db, { email: "ola.knit@example.com", firstName: "Ola" });
    const admin = await makeUser(db, { email: "shop.owner@example.com", isAdmin: true });
    const rows = await listAccounts(db, 2);
    expect(rows.map((r) => r.id)).toEqual([admin.id, customer.id]);
    expect(rows[0]).toMatchObject({ email: "shop.owner@example.com", role: "Admin", isAdmin: true });
    expect(rows[1]).toMatchObject({ email: "ola.knit@example.com", role: "Customer", isAdmin: false });
    expect(rows[1]!.name).toMatch(/^Ola/);
  });
});

import { createShopSessionStorage } from "~/web/session.server";
import { db } from "~/lib/db.server";
import { makeUser } from "../helpers/kit";

afterAll(() => db.destroy());

function cookieHeader(setCookie: string): string {
  return setCookie.split(";")[0]!;
}

describe("database sessions", () => {
  const storage = createShopSessionStorage(db);

  it("keeps only a random id in an HttpOnly, SameSite=Lax cookie", async () => {
    const session = await storage.getSession(null);
    session.set("cartKey", "abc");
    const setCookie = await storage.commitSession(session);
    expect(setCookie).toMatch(/^__session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // APP_URL is http in tests
    expect(decodeURIComponent(setCookie)).not.toContain("abc");
    const again = await storage.getSession(cookieHeader(setCookie));
    expect(again.get("cartKey")).toBe("abc");
    const rows = await db.selectFrom("sessions").select(["id", "data"]).execute();
    expect(rows.some((r) => JSON.parse(r.data).cartKey === "abc")).toBe(true);
  });

  it("records the user and forgets everything on destroy", async () => {
    const user = await makeUser(db);
    const session = await storage.getSession(null);
    session.set("userId", user.id);
    const header = cookieHeader(await storage.commitSession(session));
    const loaded = await storage.getSession(header);
    const row = await db.selectFrom("sessions").select("user_id").where("id", "=", loaded.id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(user.id);
    await storage.destroySession(loaded);
    expect((await storage.getSession(header)).get("userId")).toBeUndefined();
  });

  it("ignores a tampered cookie and an expired session", async () => {
    expect((await storage.getSession("__session=forged.value")).get("userId")).toBeUndefined();
    const session = await storage.getSession(null);
    session.set("cartKey", "old");
    const header = cookieHeader(await storage.commitSession(session));
    const loaded = await storage.getSession(header);
    await db.updateTable("sessions").set({ expires_at: "2000-01-01T00:00:00.000Z" }).where("id", "=", loaded.id).execute();
    expect((await storage.getSession(header)).get("cartKey")).toBeUndefined();
    expect(await db.selectFrom("sessions").select("id").where("id", "=", loaded.id).executeTakeFirst()).toBeUndefined();
  });
});

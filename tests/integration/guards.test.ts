import { db } from "~/lib/db.server";
import { redirect } from "@remix-run/node";
import { DomainError } from "~/domain/common/errors";
import {
  adminPageAccess,
  requireAdmin,
  requireAdminAction,
  requireAdminDownload,
  requireAnonymous,
  requireApiAdmin,
  requireApiAdminActor,
  requireUser,
} from "~/web/guards.server";
import { makeUser } from "../helpers/kit";
import { get, postForm } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

// The admin door's guards: one per flavour of answer, each refusing guests and customers.
afterAll(() => db.destroy());

let admin: string;
let customer: string;
beforeAll(async () => {
  admin = await cookieFor((await makeUser(db, { isAdmin: true, email: "guard-admin@example.com" })).id);
  customer = await cookieFor((await makeUser(db, { email: "guard-customer@example.com" })).id);
});

/** The thrown Response of a guard, or the value it returned. */
async function outcome<T>(run: Promise<T>): Promise<{ status: number; location: string | null; message: string | null } | T> {
  try {
    return await run;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const body = thrown.headers.get("Content-Type")?.includes("json") ? ((await thrown.json()) as { message?: string }) : null;
    return { status: thrown.status, location: thrown.headers.get("Location"), message: body?.message ?? null };
  }
}

describe("admin guards", () => {
  it("requireAdmin sends a guest to the admin sign-in, back to the page after, and refuses a customer", async () => {
    expect(await outcome(requireAdmin(get("/admin/outbox?page=2")))).toMatchObject({
      status: 302,
      location: "/admin-login?redirectTo=%2Fadmin%2Foutbox%3Fpage%3D2",
    });
    expect(await outcome(requireAdmin(get("/admin/outbox", { cookie: customer })))).toMatchObject({
      status: 403,
      message: "Access denied: Admin privileges required",
    });
    expect(await requireAdmin(get("/admin/outbox", { cookie: admin }))).toMatchObject({ email: "guard-admin@example.com", isAdmin: true });
  });

  it("adminPageAccess lets the page show its own denial to a customer, and to a guest when asked", async () => {
    expect(await outcome(adminPageAccess(get("/admin")))).toMatchObject({ status: 302, location: "/admin-login?redirectTo=%2Fadmin" });
    expect(await adminPageAccess(get("/admin/products/add"), { guests: "deny" })).toEqual({ user: null, denied: 401 });
    expect(await adminPageAccess(get("/admin", { cookie: customer }))).toMatchObject({ denied: 403, user: { isAdmin: false } });
    expect(await adminPageAccess(get("/admin", { cookie: admin }))).toMatchObject({ denied: null, user: { isAdmin: true } });
  });

  it("requireAdminAction answers a form post with 401 or 403 and never redirects", async () => {
    expect(await outcome(requireAdminAction(postForm("/admin", { intent: "x" })))).toMatchObject({ status: 401, message: "You need to be logged in" });
    expect(await outcome(requireAdminAction(postForm("/admin", { intent: "x" }, { cookie: customer }), "No."))).toMatchObject({ status: 403, message: "No." });
    expect(await requireAdminAction(postForm("/admin", { intent: "x" }, { cookie: admin }))).toMatchObject({ isAdmin: true });
  });

  it("requireAdminDownload refuses guests and customers alike with 403", async () => {
    expect(await outcome(requireAdminDownload(get("/admin/orders.csv")))).toMatchObject({ status: 403 });
    expect(await outcome(requireAdminDownload(get("/admin/orders.csv", { cookie: customer })))).toMatchObject({ status: 403 });
    expect(await requireAdminDownload(get("/admin/orders.csv", { cookie: admin }))).toMatchObject({ isAdmin: true });
  });

  it("requireApiAdmin answers the API's 401 and 403", async () => {
    expect(await outcome(requireApiAdmin(get("/api/admin/products")))).toMatchObject({ status: 401 });
    expect(await outcome(requireApiAdmin(get("/api/admin/products", { cookie: customer })))).toMatchObject({
      status: 403,
      message: "Admin privileges required",
    });
  });

  it("requireApiAdminActor is requireApiAdmin's refusals, and the admin as the actor of the change", async () => {
    expect(await outcome(requireApiAdminActor(postForm("/api/admin/orders/1/cancel", {})))).toMatchObject({ status: 401 });
    expect(await outcome(requireApiAdminActor(postForm("/api/admin/orders/1/cancel", {}, { cookie: customer })))).toMatchObject({ status: 403 });
    expect(await requireApiAdminActor(postForm("/api/admin/orders/1/cancel", {}, { cookie: admin, ip: "203.0.113.7" }))).toMatchObject({
      email: "guard-admin@example.com",
      ip: "203.0.113.7",
    });
  });

  it("a forged session cookie counts as a guest", async () => {
    const forged = admin.replace(/=([^.;]+)/, "=forged");
    expect(await outcome(requireAdminAction(postForm("/admin", {}, { cookie: forged })))).toMatchObject({ status: 401 });
  });
});

describe("customer guards", () => {
  it("requireUser sends a guest to the login page and back, or answers the page's own refusal", async () => {
    expect(await outcome(requireUser(get("/account/data?x=1")))).toMatchObject({ status: 302, location: "/login?redirectTo=%2Faccount%2Fdata%3Fx%3D1" });
    expect(await outcome(requireUser(get("/account"), () => redirect("/")))).toMatchObject({ status: 302, location: "/" });
    const own = new DomainError("Please sign in first.", 401);
    await expect(
      requireUser(postForm("/verify-email", {}), () => {
        throw own;
      }),
    ).rejects.toBe(own);
    expect(await requireUser(get("/account", { cookie: customer }), () => redirect("/"))).toMatchObject({ email: "guard-customer@example.com" });
  });

  it("requireAnonymous sends whoever is signed in on; at the admin's door only an admin", async () => {
    expect(await requireAnonymous(get("/login"), "/account")).toBeNull();
    expect(await outcome(requireAnonymous(get("/login", { cookie: customer }), "/account"))).toMatchObject({ status: 302, location: "/account" });
    expect(await requireAnonymous(get("/admin-login", { cookie: customer }), "/admin", "admin")).toMatchObject({ email: "guard-customer@example.com" });
    expect(await outcome(requireAnonymous(get("/admin-login", { cookie: admin }), "/admin", "admin"))).toMatchObject({ status: 302, location: "/admin" });
  });
});

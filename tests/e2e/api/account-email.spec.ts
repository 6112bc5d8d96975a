import { expect, type Login, test } from "../fixtures";
import { expectError } from "../helpers/api";
import { linkIn, waitForMail } from "../helpers/mail";
import { withDb } from "../helpers/db";
import { E2E_BASE_URL, uniqueEmail } from "../helpers/session";

// E-mail changes over HTTP: the password is asked, the new address confirms, the old address's
// undo link keeps the address reserved; and forgot-password under 20 parallel requests.

const PASSWORD = "ribbon-and-tulle-5";
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

/** A signed-in account with a password: its request context. */
async function registered(loginAsCustomer: Login, email: string) {
  return (await loginAsCustomer({ email, password: PASSWORD, firstName: "Rosa", lastName: "Linde" })).request;
}

test("an e-mail change asks for the password and waits for the new address; the undo link keeps the old address reserved", async ({
  playwright,
  loginAsCustomer,
}) => {
  const oldEmail = uniqueEmail("api-change-old");
  const newEmail = uniqueEmail("api-change-new");
  const request = await registered(loginAsCustomer, oldEmail);
  const stranger = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  try {
    expect(await expectError(await request.put("/api/profile", { data: { email: newEmail } }), 400)).toBe("Enter your current password");
    expect(await expectError(await request.put("/api/profile", { data: { email: newEmail, currentPassword: "wrong-one-1" } }), 400)).toBe(
      "Your current password is not correct",
    );
    const asked = await request.put("/api/profile", { data: { email: newEmail, currentPassword: PASSWORD, firstName: "Rosa" } });
    expect(asked.status()).toBe(200);
    expect(await asked.json()).toMatchObject({ email: oldEmail, pendingEmail: newEmail });
    expect(await (await request.get("/api/auth/me")).json()).toMatchObject({ email: oldEmail });

    const confirm = await waitForMail(newEmail, /confirm your new e-mail address/i);
    const confirmed = await stranger.post("/api/auth/confirm-email-change", { data: { token: tokenOf(linkIn(confirm, "http://127.0.0.1:")) } });
    expect(confirmed.status()).toBe(200);
    expect(await (await request.get("/api/auth/me")).json()).toMatchObject({ email: newEmail });

    // While the old address's undo link is open, nobody else may register it.
    const squat = await stranger.post("/api/auth/register", { data: { email: oldEmail, password: "squatter-pass-3", firstName: "S", lastName: "Q" } });
    expect(await expectError(squat, 409)).toBe("An account with this email already exists");

    const undo = tokenOf(linkIn(await waitForMail(oldEmail, /e-mail address of your account was changed/), "http://127.0.0.1:"));
    const undone = await stranger.post("/api/auth/undo-email-change", { data: { token: undo } });
    expect(undone.status()).toBe(200);
    expect(await undone.json()).toMatchObject({ email: oldEmail });
    await expectError(await request.get("/api/auth/me"), 401);
  } finally {
    await stranger.dispose();
  }
});

test("forgot password takes its slot atomically: 20 requests at once send at most the limit", async ({ playwright, loginAsCustomer }) => {
  const email = uniqueEmail("api-parallel-reset");
  await registered(loginAsCustomer, email);
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const answers = await Promise.all(Array.from({ length: 20 }, () => request.post("/api/auth/forgot-password", { data: { email } })));
    const statuses = answers.map((r) => r.status());
    for (const status of statuses) expect([200, 429]).toContain(status);
    const sent = statuses.filter((s) => s === 200).length;
    expect(sent).toBeLessThanOrEqual(3);
    const queued = withDb((db) => db.prepare("SELECT count(*) AS n FROM outbox WHERE kind = 'password-reset' AND to_address = ?").get(email)) as { n: number };
    expect(queued.n).toBe(sent);
  } finally {
    await request.dispose();
  }
});

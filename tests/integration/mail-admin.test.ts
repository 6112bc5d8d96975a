import { loadOutboxView } from "~/web/admin/outbox.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { db } from "~/lib/db.server";

afterAll(async () => {
  await db.destroy();
});

describe("the admin's E-mails view", () => {
  it("without SMTP_URL says e-mail is not configured, and the messages wait as pending", async () => {
    expect(process.env.SMTP_URL).toBeUndefined();
    await db
      .transaction()
      .execute((trx) => enqueueMail(trx, { eventKey: "welcome:admin-view", to: "w@example.com", kind: "welcome", data: { firstName: "W" }, userId: null }));
    const view = await loadOutboxView(db, new URL("http://x/admin?tab=emails"));
    expect(view.configured).toBe(false);
    expect(view.totals.pending).toBe(1);
    expect(view.rows[0]).toMatchObject({ eventKey: "welcome:admin-view", status: "pending", kindLabel: "Welcome", to: "w@example.com" });
    const sent = await loadOutboxView(db, new URL("http://x/admin?tab=emails&status=sent&page=-5"));
    expect(sent.rows).toHaveLength(0);
    expect(sent.page).toBe(1);
  });
});

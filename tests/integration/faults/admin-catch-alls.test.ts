import { db } from "~/lib/db.server";
import { isStorageFault } from "~/lib/storage-fault";
import { action as adminAction } from "~/routes/admin";
import { action as cleanAction } from "~/routes/api.admin.clean-orphaned-relationships";
import { action as recalcAction } from "~/routes/api.admin.recalculate-category-counts";
import { STORE_INTENTS } from "~/domain/common/settings-texts";
import { makeUser } from "../../helpers/kit";
import { apiRequest, args, postForm, run } from "../../helpers/requests";
import { cookieFor } from "../../helpers/routes";

// The admin's catch-alls that answer their own 500 for a failure they cannot name pass a write the
// disk refused on, so the server answers it 503 'The shop cannot save right now' with Retry-After
// (server/remix.ts), as every other write does. SQLite's own refusal is raised by the mocks below.

const diskFull = () => Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });

vi.mock("~/domain/catalogue/categories-write.server", async (original) => ({
  ...(await original<typeof import("~/domain/catalogue/categories-write.server")>()),
  recalculateAllCategoryCounts: vi.fn(async () => {
    throw diskFull();
  }),
  cleanOrphanedRelationships: vi.fn(async () => {
    throw diskFull();
  }),
}));
vi.mock("~/domain/loyalty/awards.server", async (original) => ({
  ...(await original<typeof import("~/domain/loyalty/awards.server")>()),
  awardPoints: vi.fn(async () => {
    throw diskFull();
  }),
}));

afterAll(() => db.destroy());

async function raised(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => value,
    (e: unknown) => e,
  );
}

describe("a refused write in the admin's catch-alls", () => {
  let cookie: string;
  beforeAll(async () => {
    const admin = await makeUser(db, { isAdmin: true });
    cookie = await cookieFor(admin.id);
  });

  it("recalculating category counts and cleaning relationships: a storage fault, not their 500", async () => {
    for (const [action, path] of [
      [recalcAction, "/api/admin/recalculate-category-counts"],
      [cleanAction, "/api/admin/clean-orphaned-relationships"],
    ] as const) {
      const answer = await raised(run(() => action(args(apiRequest("POST", path, { cookie })))));
      expect(answer instanceof Response ? answer.status : "a storage fault").toBe("a storage fault");
      expect(isStorageFault(answer)).toBe(true);
    }
  });

  it("awarding points: a storage fault, not the form's 500", async () => {
    const form = postForm("/admin?tab=loyalty", { intent: STORE_INTENTS.loyaltyAward, email: "someone@example.com", points: "5" }, { cookie });
    const answer = await raised(run(() => adminAction(args(form))));
    expect(answer instanceof Response ? answer.status : "a storage fault").toBe("a storage fault");
    expect(isStorageFault(answer)).toBe(true);
  });
});

import { LATEST_ON_HOME, listHomeProducts } from "~/domain/catalogue/home-products.server";
import { NEW_ARRIVALS_COUNT } from "~/domain/catalogue/types";
import { db } from "~/lib/db.server";
import { makeProduct } from "../helpers/kit";

// The routes' shared `db` is this file's own database (tests/setup/per-file.ts).
afterAll(() => db.destroy());

describe("the home page's rows", () => {
  it("New Arrivals leaves out the pieces the Latest Collection shows, and still fills its row", async () => {
    const made = [];
    for (let i = 0; i < NEW_ARRIVALS_COUNT + LATEST_ON_HOME + 2; i++) made.push(await makeProduct(db, { title: `Home Piece ${i}` }));
    // The newest pieces are the collection's: without the rule both rows would open with them.
    const collection = made.slice(-LATEST_ON_HOME).map((p) => p.id);
    await db.updateTable("products").set({ is_latest_collection: 1 }).where("id", "in", collection).execute();

    const { latest, arrivals } = await listHomeProducts(db);
    expect(latest.map((p) => p.id).sort()).toEqual([...collection].sort());
    expect(arrivals).toHaveLength(NEW_ARRIVALS_COUNT);
    expect(arrivals.filter((p) => collection.includes(p.id))).toEqual([]);
  });
});

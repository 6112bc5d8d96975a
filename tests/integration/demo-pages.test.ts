import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { type DemoContext } from "../../db/seed/demo-year/context";
import { writeDemoPages } from "../../db/seed/demo-year/pages";
import { getPage } from "~/domain/pages/pages.server";
import { db } from "~/lib/db.server";
import { makeUser } from "../helpers/kit";

const uploadDir = mkdtempSync(path.join(os.tmpdir(), "demo-pages-"));

afterAll(async () => {
  await db.destroy();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe("the demo's own pages (npm run demo only)", () => {
  it("writes the studio photo and the size guide and about page in English and Polish", async () => {
    const admin = await makeUser(db, { isAdmin: true, email: "anna@example.com" });
    const ctx = { db, uploadDir, admin: { id: admin.id, email: admin.email }, now: Date.now(), log: () => {} } as unknown as DemoContext;
    await writeDemoPages(ctx);

    const photo = path.join(uploadDir, "pages", "studio-warsaw.jpg");
    expect(await sharp(photo).metadata()).toMatchObject({ format: "jpeg", width: 1600, height: 1000 });
    const row = await db.selectFrom("page_photos").selectAll().where("url", "=", "/uploads/pages/studio-warsaw.jpg").executeTakeFirstOrThrow();
    expect(row.size_bytes).toBeGreaterThan(10_000);
    expect(existsSync(path.join(uploadDir, "pages", "w", "studio-warsaw-640.webp"))).toBe(true);

    const guide = await getPage(db, "size-guide");
    expect(guide!.html.match(/<table>/g)).toHaveLength(2);
    expect(guide!.html).toContain("<td>Minifee girl (Fairyland MNF)</td>");
    expect(guide!.html).toContain("How to measure");
    const guidePl = await getPage(db, "size-guide", "pl");
    expect(guidePl).toMatchObject({ locale: "pl", title: "Tabela rozmiarów" });
    expect(guidePl!.html).toContain("Jak mierzyć");

    for (const locale of ["en", "pl"] as const) {
      const about = await getPage(db, "about", locale);
      expect(about!.locale).toBe(locale);
      expect(about!.html).toMatch(/<img src="\/uploads\/pages\/studio-warsaw\.jpg" alt="[^"]+" width="1600" height="1000"[^>]*loading="lazy"/);
      expect(about!.html).toMatch(/Warsaw|Warszaw/);
    }
  });
});

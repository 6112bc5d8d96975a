import { parseWithZod } from "@conform-to/zod";
import { DEFAULT_HOME_TEXT, homeValues } from "~/domain/pages/home";
import { HomeTextsSchema, SavePageSchema } from "~/domain/pages/schemas";
import { isPageSlug, PAGE_SLUGS } from "~/domain/pages/slugs";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

describe("SavePageSchema (the editor's form and PUT /api/admin/pages/{slug})", () => {
  it("takes a title and a body; the title may be left out", () => {
    expect(SavePageSchema.parse({ title: "  Terms  ", body: "## Hi" })).toEqual({ title: "Terms", body: "## Hi" });
    expect(SavePageSchema.parse({ body: "Only the text" })).toEqual({ body: "Only the text" });
  });

  it("refuses an empty or blank body, a too-long body or title, and wrong types", () => {
    expect(SavePageSchema.safeParse({ title: "T" }).success).toBe(false);
    expect(SavePageSchema.safeParse({ title: "T", body: "   \n " }).success).toBe(false);
    expect(SavePageSchema.safeParse({ title: "T", body: "x".repeat(50_001) }).success).toBe(false);
    expect(SavePageSchema.safeParse({ title: "T", body: "x".repeat(50_000) }).success).toBe(true);
    expect(SavePageSchema.safeParse({ title: "x".repeat(121), body: "b" }).success).toBe(false);
    expect(SavePageSchema.safeParse({ title: "", body: "b" }).success).toBe(false);
    expect(SavePageSchema.safeParse({ title: 5, body: "b" }).success).toBe(false);
    expect(SavePageSchema.safeParse({ body: ["a"] }).success).toBe(false);
  });

  it("from a form: an empty body is a field error; an empty title means 'keep the title'", () => {
    const bad = parseWithZod(form({ title: "Terms", body: "" }), { schema: SavePageSchema });
    expect(bad.status).toBe("error");
    expect(bad.reply().error?.body).toEqual(["The page needs some text"]);
    const keep = parseWithZod(form({ title: "", body: "Text" }), { schema: SavePageSchema });
    expect(keep.status === "success" && keep.value).toEqual({ body: "Text" });
  });
});

describe("HomeTextsSchema", () => {
  const fields = Object.fromEntries(Object.entries(DEFAULT_HOME_TEXT)) as Record<string, string>;

  it("accepts today's texts", () => {
    const result = parseWithZod(form(fields), { schema: HomeTextsSchema });
    expect(result.status).toBe("success");
  });

  it("wants the required texts, within their lengths", () => {
    const result = parseWithZod(form({ ...fields, heroTitle: "", value2Text: "x".repeat(301) }), { schema: HomeTextsSchema });
    expect(result.status).toBe("error");
    const errors = result.reply().error!;
    expect(errors.heroTitle).toEqual(["Hero title is required"]);
    expect(errors.value2Text).toEqual(["Second value text must be 300 characters or less"]);
  });

  it("a reviews claim needs its source: an http(s) address and a link text", () => {
    for (const url of ["javascript:alert(1)", "ftp://example.com", "example.com", "//evil.example", "https://"]) {
      const result = parseWithZod(form({ ...fields, reviewsSourceUrl: url }), { schema: HomeTextsSchema });
      expect(result.status, url).toBe("error");
      expect(result.reply().error?.reviewsSourceUrl, url).toBeTruthy();
    }
    const missing = parseWithZod(form({ ...fields, reviewsSourceUrl: "", reviewsSourceLabel: "" }), { schema: HomeTextsSchema });
    expect(missing.reply().error?.reviewsSourceUrl).toEqual(["Say where the reviews can be read: a reviews claim needs its source"]);
    expect(missing.reply().error?.reviewsSourceLabel).toEqual(["Link text is required with a reviews claim"]);
    // No claim: no source needed.
    const none = parseWithZod(form({ ...fields, reviewsClaim: "", reviewsSourceUrl: "", reviewsSourceLabel: "" }), { schema: HomeTextsSchema });
    expect(none.status).toBe("success");
  });
});

describe("homeValues", () => {
  it("puts the source link right after the claim in the blurb that holds it", () => {
    const { values, claimAlone } = homeValues(DEFAULT_HOME_TEXT);
    expect(claimAlone).toBeNull();
    expect(values[2]).toEqual({
      title: "Trusted since 2010",
      before: "Selling internationally since 2010, with over 4,000 orders and ",
      claim: "2,000+ five-star reviews",
      after: ".",
    });
    expect(values[0]!.claim).toBe("");
  });

  it("shows a claim no blurb holds on its own line, and no claim when empty", () => {
    expect(homeValues({ ...DEFAULT_HOME_TEXT, reviewsClaim: "4.9 stars" }).claimAlone).toBe("4.9 stars");
    const none = homeValues({ ...DEFAULT_HOME_TEXT, reviewsClaim: "" });
    expect(none.claimAlone).toBeNull();
    expect(none.values.every((v) => v.claim === "")).toBe(true);
  });
});

describe("page slugs", () => {
  it("are exactly the four owner's pages", () => {
    expect([...PAGE_SLUGS]).toEqual(["terms-conditions", "privacy", "about", "size-guide"]);
    expect(isPageSlug("typography")).toBe(false);
    expect(isPageSlug("__proto__")).toBe(false);
  });
});

import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { Money, moneyHtml } from "~/components/ui/money";
import { forgetCachedRate } from "~/domain/currency/rates.server";
import { I18nProvider } from "~/i18n/context";
import { i18nFor } from "~/i18n/i18n.server";
import { db } from "~/lib/db.server";
import { plnGrosze } from "~/lib/money";
import { loader as rootLoader } from "~/root";
import { args, get } from "../helpers/requests";

// The indicative złoty amounts: 'ok. 123,45 zł' beside a dollar price on Polish pages, from the
// newest stored bank rate; nothing without a rate, nothing on English pages.

afterAll(() => db.destroy());

/** Intl writes no-break spaces in the amount and before 'zł' / 'USD' (so they never wrap apart). */
const nbsp = (text: string) => text.replace(/ /g, "\u00a0");

describe("złoty amounts", () => {
  it("are cents × mid in grosze, rounded half up without floating-point slips", () => {
    expect(plnGrosze(12345, 1)).toBe(12345);
    expect(plnGrosze(12345, 3.6512)).toBe(45074); // 450,74064 zł
    expect(plnGrosze(15000, 4.0123)).toBe(60185); // 601,845 zł: 60184.4999… in floating point
    expect(plnGrosze(1, 3.65)).toBe(4); // 3,65 gr
    expect(plnGrosze(0, 3.65)).toBe(0);
    expect(plnGrosze(-15000, 4.0123)).toBe(-60185);
  });

  it("read 'ok. 123,45 zł' on Polish pages, and are absent without a rate and on English pages", () => {
    expect(i18nFor("pl", { mid: 1 }).pln(12345)).toBe(nbsp("ok. 123,45 zł"));
    expect(i18nFor("pl", { mid: 3.6512 }).pln(12345)).toBe(nbsp("ok. 450,74 zł"));
    expect(i18nFor("pl", { mid: 3.6512 }).pln(1_000_000)).toBe(nbsp("ok. 36 512,00 zł"));
    expect(i18nFor("pl", null).pln(12345)).toBeNull();
    expect(i18nFor("en", { mid: 3.6512 }).pln(12345)).toBeNull();
  });

  it("<Money> and moneyHtml add the line only on a Polish page with a rate", () => {
    const render = (locale: "en" | "pl", mid: number | null) =>
      renderToString(createElement(I18nProvider, { value: i18nFor(locale, mid === null ? null : { mid }), children: createElement(Money, { cents: 2400 }) }));
    expect(render("pl", 4)).toContain(`<span class="pln">${nbsp("ok. 96,00 zł")}</span></span>`);
    expect(render("pl", 4)).toContain(nbsp("24,00 USD"));
    expect(render("pl", null)).not.toContain("zł");
    expect(render("en", 4)).toBe("$24.00");
    expect(moneyHtml(i18nFor("pl", { mid: 4 }), 2400).value).toContain(nbsp("ok. 96,00 zł"));
    expect(moneyHtml(i18nFor("en", { mid: 4 }), 2400).value).toBe("$24.00");
  });
});

describe("the pages' rate", () => {
  async function rootRate(path: string) {
    const res = await rootLoader(args(get(path)));
    return ((await res.json()) as { plnRate: { mid: number } | null }).plnRate;
  }

  it("is absent before the first rate is stored, then the newest on Polish pages only", async () => {
    await db.deleteFrom("exchange_rates").execute();
    forgetCachedRate(db);
    expect(await rootRate("/pl/cart")).toBeNull();

    await db
      .insertInto("exchange_rates")
      .values([
        { currency: "USD", effective_date: "2026-12-09", table_no: "238/A/NBP/2026", mid: 3.6401 },
        { currency: "USD", effective_date: "2026-12-10", table_no: "239/A/NBP/2026", mid: 3.6512 },
      ])
      .execute();
    forgetCachedRate(db);
    expect(await rootRate("/pl/cart")).toEqual({ mid: 3.6512 });
    expect(await rootRate("/pl")).toEqual({ mid: 3.6512 });
    expect(await rootRate("/cart")).toBeNull();
    expect(await rootRate("/")).toBeNull();
  });
});

import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { AREAS, DOMAIN_TEXTS, MESSAGES } from "~/i18n/catalogue.server";
import { i18nFor, makeTextTranslator } from "~/i18n/i18n.server";

// Every interface message has a Polish text that says the same things: the same placeholders,
// Polish plural forms where the English counts, and not the English left in place.

/** Polish texts that are rightly the same as the English (names, codes). */
const SAME_IN_BOTH = new Set(["PayPal", "E-mail", "Email", "Polski", "English", "OK", "CN22", "CN23", "HS", "Google"]);

interface Argument {
  name: string;
  type: TYPE;
  options?: string[];
}

function argumentsOf(elements: MessageFormatElement[], out: Argument[] = []): Argument[] {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) out.push({ name: el.value, type: el.type });
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      out.push({ name: el.value, type: el.type, options: Object.keys(el.options) });
      for (const option of Object.values(el.options)) argumentsOf(option.value, out);
    }
    if (el.type === TYPE.tag) {
      out.push({ name: el.value, type: el.type });
      argumentsOf(el.children, out);
    }
  }
  return out;
}

const names = (args: Argument[]) => [...new Set(args.map((a) => a.name))].sort();

describe("the message catalogue", () => {
  for (const [areaName, area] of Object.entries(AREAS)) {
    describe(`area ${areaName}`, () => {
      const en = area.en as Record<string, string>;
      const pl = area.pl as Record<string, string>;

      it("has a Polish text for every English key, and no key the English lacks", () => {
        expect(Object.keys(pl).sort()).toEqual(Object.keys(en).sort());
        for (const [key, text] of Object.entries(pl)) expect(text.trim(), key).not.toBe("");
      });

      it("keys are named after their area", () => {
        for (const key of Object.keys(en)) expect(key.startsWith(`${areaName}.`), key).toBe(true);
      });

      it("every message parses as ICU, and the Polish has the English's placeholders", () => {
        for (const key of Object.keys(en)) {
          const enArgs = argumentsOf(parse(en[key]!));
          const plArgs = argumentsOf(parse(pl[key]!));
          expect(names(plArgs), key).toEqual(names(enArgs));
        }
      });

      it("Polish plurals have the one, few and many forms (1 produkt, 2 produkty, 5 produktów)", () => {
        for (const [key, text] of Object.entries(pl)) {
          for (const arg of argumentsOf(parse(text)).filter((a) => a.type === TYPE.plural)) {
            for (const form of ["one", "few", "many", "other"]) expect(arg.options, `${key}: ${form}`).toContain(form);
          }
        }
      });

      it("no Polish text is the English left in place", () => {
        for (const [key, text] of Object.entries(pl)) {
          if (!/[a-z]{3}/i.test(text) || SAME_IN_BOTH.has(text)) continue;
          expect(text, key).not.toBe(en[key]);
        }
      });
    });
  }

  it("keys are unique across areas", () => {
    const seen = new Map<string, string>();
    for (const [areaName, area] of Object.entries(AREAS)) {
      for (const key of Object.keys(area.en)) {
        expect(seen.get(key), key).toBeUndefined();
        seen.set(key, areaName);
      }
    }
    expect(Object.keys(MESSAGES.pl).length).toBe(seen.size);
  });

  it("the domain's English texts keep their placeholders in Polish", () => {
    for (const [english, polish] of Object.entries(DOMAIN_TEXTS.pl)) {
      const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(placeholders(polish), english).toEqual(placeholders(english));
      expect(polish.trim(), english).not.toBe("");
    }
  });
});

describe("a Polish page's words", () => {
  const pl = i18nFor("pl");
  const en = i18nFor("en");

  it("writes dates and amounts the Polish way, and keeps the shop's own English", () => {
    expect(pl.date(new Date("2026-11-28T12:00:00Z"))).toBe("28 listopada 2026");
    expect(pl.money(1250).replace(/\s/g, " ")).toBe("12,50 USD");
    expect(en.money(1250)).toBe("$12.50");
    expect(en.date(new Date("2026-11-28T12:00:00Z"))).toBe("November 28, 2026");
  });

  it("gives the indicative złoty amount only with a rate, and only in Polish", () => {
    expect(pl.pln(1250)).toBeNull();
    expect(i18nFor("pl", { mid: 3.6512 }).pln(12345)?.replace(/\s/g, " ")).toBe("ok. 450,74 zł");
    expect(i18nFor("en", { mid: 3.6512 }).pln(12345)).toBeNull();
  });

  it("puts shop paths in the page's language and leaves the admin's, the API's and other sites' alone", () => {
    expect(pl.path("/")).toBe("/pl");
    expect(pl.path("/cart")).toBe("/pl/cart");
    expect(pl.path("/shop?search=hat")).toBe("/pl/shop?search=hat");
    expect(pl.path("/pl/cart")).toBe("/pl/cart");
    for (const same of ["/admin", "/admin/orders/3", "/api/cart", "/uploads/products/a.jpg", "https://example.com/x", "//evil.example/"]) {
      expect(pl.path(same)).toBe(same);
    }
    expect(en.path("/pl/cart")).toBe("/cart");
    // A prefix in front of another site's address never yields that address.
    expect(en.path("/pl//evil.example/x")).toBe("/evil.example/x");
    expect(pl.path("/pl//evil.example")).toBe("/pl/evil.example");
    expect(en.path("/cart")).toBe("/cart");
  });

  it("translates the domain's texts by their wording, values carried over, and leaves unknown ones", () => {
    const text = makeTextTranslator({
      "Title is required": "Tytuł jest wymagany",
      "Must be at most {max} characters": "Maksymalnie {max} znaków",
      "Only {count} left of {product}": "Zostało tylko {count}: {product}",
    });
    expect(text("Title is required")).toBe("Tytuł jest wymagany");
    expect(text("Must be at most 200 characters")).toBe("Maksymalnie 200 znaków");
    expect(text("Only 2 left of Lace (1:6) dress")).toBe("Zostało tylko 2: Lace (1:6) dress");
    expect(text("Must be at most 200 characters, really")).toBe("Must be at most 200 characters, really");
    expect(text("A wording no area knows")).toBe("A wording no area knows");
    expect(en.text("We do not ship to this country")).toBe("We do not ship to this country");
  });
});

import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { JSDOM } from "jsdom";
import { DOMAIN_TEXTS, MESSAGES } from "../../../app/i18n/catalogue.server";

/**
 * The English interface texts a Polish page must not show outside an element marked with
 * another language (lang="en" around an untranslated product text, the link to 'English'):
 * every English message of the catalogue and every domain text that has a Polish version,
 * cut into the literal phrases between their placeholders.
 */

/** Words that are the same in both languages, or names. */
const SAME_IN_BOTH = new Set(["PayPal", "Google", "E-mail", "Email", "Instagram", "Facebook", "Pinterest", "Etsy"]);

function literals(elements: MessageFormatElement[], out: string[]): void {
  for (const el of elements) {
    if (el.type === TYPE.literal) out.push(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const option of Object.values(el.options)) literals(option.value, out);
    if (el.type === TYPE.tag) literals(el.children, out);
  }
}

function phrasesOf(message: string): string[] {
  const out: string[] = [];
  try {
    literals(parse(message), out);
  } catch {
    out.push(message);
  }
  return out
    .flatMap((s) => s.split(/[{}]|\n/))
    .map((s) => s.replace(/^[\s.,:;!?'"()–—-]+|[\s.,:;!?'"()–—-]+$/g, ""))
    .filter((s) => {
      if (SAME_IN_BOTH.has(s)) return false;
      const words = s.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w));
      // A phrase of two words or more, or one long word: short single words ("Size") are often names.
      return words.length >= 2 ? s.length >= 6 : /^\p{L}{7,}$/u.test(s);
    });
}

let cached: string[] | null = null;

export function englishPhrases(): string[] {
  if (cached) return cached;
  const all = new Set<string>();
  for (const message of Object.values(MESSAGES.en)) for (const p of phrasesOf(message)) all.add(p);
  for (const english of Object.keys(DOMAIN_TEXTS.pl)) for (const p of phrasesOf(english.replace(/\{\w+\}/g, "{x}"))) all.add(p);
  // A phrase the Polish itself contains ("PayPal Checkout") is no sign of English.
  const polish = [...Object.values(MESSAGES.pl), ...Object.values(DOMAIN_TEXTS.pl)].join("\n");
  cached = [...all].filter((p) => !polish.includes(p));
  return cached;
}

const ATTRIBUTES = ["aria-label", "placeholder", "title", "alt"];

/** What a reader meets on the page outside elements in another language than Polish: text, labels, title. */
export function polishReadableText(html: string): string {
  const { document } = new JSDOM(html).window;
  for (const el of document.querySelectorAll("script, style, template")) el.remove();
  // What the page itself marks as English (an owner's text with no Polish yet) is data wherever
  // it recurs, say a product's title inside its Add to Cart button's label.
  const englishData: string[] = [];
  for (const el of document.querySelectorAll("[lang]")) {
    if (/^pl\b/i.test(el.getAttribute("lang") ?? "") || el === document.documentElement) continue;
    const data = el.textContent?.trim();
    if (data && data.length >= 3) englishData.push(data);
    el.remove();
  }
  const parts: string[] = [document.title];
  const description = document.querySelector('meta[name="description"]')?.getAttribute("content");
  if (description) parts.push(description);
  for (const el of document.body.querySelectorAll("*")) {
    for (const name of ATTRIBUTES) {
      const value = el.getAttribute(name);
      if (value) parts.push(value);
    }
    if (el.tagName === "INPUT" && /^(submit|button|reset)$/i.test(el.getAttribute("type") ?? "")) parts.push(el.getAttribute("value") ?? "");
  }
  parts.push(document.body.textContent ?? "");
  let text = parts.join("\n");
  for (const data of englishData.sort((a, b) => b.length - a.length)) text = text.split(data).join(" ");
  return text.replace(/\s+/g, " ");
}

/** The English phrases a Polish page shows. */
export function englishOnPolishPage(html: string): string[] {
  const text = polishReadableText(html);
  return englishPhrases().filter((phrase) => {
    const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
    return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, "u").test(text);
  });
}

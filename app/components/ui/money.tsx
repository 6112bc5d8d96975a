import { useI18n } from "~/i18n/context";
import { html, type SafeHtml } from "~/lib/html";
import { type ShopI18n } from "~/i18n/context";

/**
 * A price or a total as the page's language writes it, and on Polish pages with a known rate its
 * indicative złoty amount beside it ('12,50 USD ok. 53,20 zł'). The shop charges USD only; the
 * złoty line is information (app/domain/currency). Amounts inside a sentence use i18n.money().
 */
export function Money({ cents, className }: { cents: number; className?: string }) {
  const i18n = useI18n();
  const pln = i18n.pln(cents);
  if (!pln) return className ? <span className={className}>{i18n.money(cents)}</span> : <>{i18n.money(cents)}</>;
  return (
    <span className={className}>
      {i18n.money(cents)} <span className="pln">{pln}</span>
    </span>
  );
}

/** The same, for the parts of pages built as HTML strings (product cards). */
export function moneyHtml(i18n: ShopI18n, cents: number): SafeHtml {
  const pln = i18n.pln(cents);
  return pln ? html`${i18n.money(cents)} <span class="pln">${pln}</span>` : html`${i18n.money(cents)}`;
}

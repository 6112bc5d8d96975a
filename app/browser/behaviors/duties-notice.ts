/**
 * Checkout's import duties notice follows the country select: shown while the chosen country is
 * outside the EU, with the shop's one copy of the rule (domain/orders/duties.ts). The server drew
 * it for the country it knew; no request is needed to change it.
 */
import { type Behavior } from "~/browser/runtime";
import { chargesImportDuties } from "~/domain/orders/duties";
import { DUTIES_NOTICE_ATTRIBUTE } from "~/lib/behavior-contract";

function attachDutiesNotice(notice: HTMLElement): () => void {
  const country = notice.closest("form")?.elements.namedItem("country");
  if (!(country instanceof HTMLSelectElement)) return () => {};
  const update = () => {
    notice.hidden = !chargesImportDuties(country.value);
  };
  // The browser may have restored another country than the page was drawn for (back, reload).
  update();
  country.addEventListener("change", update);
  return () => country.removeEventListener("change", update);
}

export const dutiesNotice: Behavior = {
  name: "duties-notice",
  selector: `[${DUTIES_NOTICE_ATTRIBUTE}]`,
  attach: attachDutiesNotice,
};

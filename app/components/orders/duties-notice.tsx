import { chargesImportDuties, DUTIES_TEXT } from "~/domain/orders/duties";
import { DUTIES_NOTICE_ATTRIBUTE } from "~/lib/behavior-contract";
import { useI18n } from "~/i18n/context";

/**
 * 'Import duties and taxes may be charged…' above a pay button, for a destination outside the EU.
 * `follows`: on checkout the country may still change, so the notice is always in the markup,
 * hidden unless the country the page knows is outside the EU, and the browser module shows or
 * hides it as the country select changes. Without `follows` it is there only when it applies.
 */
export function DutiesNotice({ country, follows = false }: { country: string | null | undefined; follows?: boolean }) {
  const { text } = useI18n();
  const applies = chargesImportDuties(country);
  if (!applies && !follows) return null;
  return (
    <p className="notice duties-notice" data-testid="duties-notice" hidden={!applies} {...(follows ? { [DUTIES_NOTICE_ATTRIBUTE]: "" } : {})}>
      {text(DUTIES_TEXT.notice)}
    </p>
  );
}

import { type CodeTerms } from "~/domain/discounts/rules";
import { DISCOUNT_TEXT } from "~/domain/discounts/texts";
import { useI18n } from "~/i18n/context";
import { CHECKOUT_ATTRIBUTES, CHECKOUT_REMOVE_CODE_INTENT, CHECKOUT_TOTALS_INTENT } from "~/lib/behavior-contract";
import { type FieldConstraint } from "~/lib/field-constraint";

/** The discount code the checkout was given (domain getCheckoutSummary's `code`): applied, or refused with its reason. */
export interface CheckoutCodeView {
  typed: string;
  applied: string | null;
  error: string | null;
  /** The applied code's terms: the summary adds its line up again for the loyalty box. */
  terms: CodeTerms | null;
}

/**
 * 'Discount code CODE applied.' with its Remove button, or nothing. Remove posts the checkout form
 * without the code (no JavaScript: the page comes back with the field empty; the checkout
 * behaviour empties the field and asks for the totals).
 */
export function DiscountCodeStatus({ code }: { code: CheckoutCodeView | null }) {
  const { t, text } = useI18n();
  if (!code?.applied) return null;
  return (
    <p className="discount-code-applied">
      {`${text(DISCOUNT_TEXT.applied(code.applied))} `}
      <button type="submit" form="checkout" name="intent" value={CHECKOUT_REMOVE_CODE_INTENT} formNoValidate className="link-button">
        {t("checkout.removeCode")}
      </button>
    </p>
  );
}

/**
 * The order summary's discount code: the field (in the checkout form through `form="checkout"`),
 * Apply (the form posted for its totals, as 'Update shipping'), what is applied, and how a code
 * and loyalty points combine, said before she pays (docs/decisions/codes-and-points.md).
 */
export function DiscountCodeField({
  value,
  code,
  error,
  constraint,
}: {
  value: string;
  code: CheckoutCodeView | null;
  error: string | null;
  constraint?: FieldConstraint;
}) {
  const { t, text } = useI18n();
  const describedBy = ["discountCode-hint", error ? "discountCode-error" : null].filter(Boolean).join(" ");
  return (
    <div className="field discount-code">
      <label htmlFor="discountCode">{t("checkout.discountCode")}</label>
      <div className="discount-code-row">
        <input
          id="discountCode"
          name="discountCode"
          form="checkout"
          type="text"
          defaultValue={value}
          maxLength={constraint?.maxLength}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <button type="submit" form="checkout" name="intent" value={CHECKOUT_TOTALS_INTENT} formNoValidate className="button button-secondary">
          {t("checkout.applyCode")}
        </button>
      </div>
      <div aria-live="polite" {...{ [CHECKOUT_ATTRIBUTES.code]: "" }}>
        <DiscountCodeStatus code={code} />
      </div>
      <p className="field-hint" id="discountCode-hint">
        {text(DISCOUNT_TEXT.combineRule)}
      </p>
      {error ? (
        <p className="field-error" id="discountCode-error">
          {text(error)}
        </p>
      ) : null}
    </div>
  );
}

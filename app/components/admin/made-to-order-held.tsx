import { Form } from "@remix-run/react";
import { MADE_TO_ORDER_HOLD_TEXT, MADE_TO_ORDER_RELEASE_INTENT } from "~/domain/catalogue/made-to-order";
import type { HeldCap } from "~/domain/catalogue/made-to-order-holds.server";

/**
 * The Orders tab's notice of capped made-to-order products whose places unpaid orders fill, each
 * with a plain form that releases them (the orders stay unpaid). Nothing when there are none.
 */
export function HeldPlacesNotice({ held, back }: { held: HeldCap[]; back: string }) {
  if (held.length === 0) return null;
  return (
    <section className="alert alert-warning admin-held-places" aria-labelledby="held-places-title">
      <p id="held-places-title" className="alert-title">
        Made-to-order places held by unpaid orders
      </p>
      <ul className="admin-held-places-list">
        {held.map((h) => (
          <li key={h.productId} data-product-id={h.productId}>
            <span>{`${h.text}.`}</span>
            <Form method="post" action="/admin" preventScrollReset>
              <input type="hidden" name="intent" value={MADE_TO_ORDER_RELEASE_INTENT} />
              <input type="hidden" name="productId" value={h.productId} />
              <input type="hidden" name="redirectTo" value={back} />
              <button type="submit" className="button button-secondary button-small" aria-label={MADE_TO_ORDER_HOLD_TEXT.releaseLabel(h.title)}>
                {MADE_TO_ORDER_HOLD_TEXT.release}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <p className="small">{MADE_TO_ORDER_HOLD_TEXT.explain}</p>
    </section>
  );
}

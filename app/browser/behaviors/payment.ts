/**
 * The payment page's stock check: on load 'Verifying product availability...' shows below the
 * ready area while POST /api/orders/{id}/validate-stock runs. When the answer differs from what
 * the server drew (stock ran out, or came back), the area is taken from the page again: the
 * server's issue box with Return to Cart, or its Pay button. The server checked the stock when it
 * drew the page, so its Pay button stays usable meanwhile (the payment checks the stock once
 * more). A failed check says so above the server's own answer.
 */
import { fetchDocument } from "~/browser/net";
import { attachBehaviors, detachBehaviors, type Behavior } from "~/browser/runtime";
import { PAYMENT_SHARED_TEXT, STOCK_CHECK_ATTRIBUTE, STOCK_CHECK_TEXT } from "~/lib/behavior-contract";

interface StockCheck {
  hasStockIssues: boolean;
  message: string;
}

function paragraph(className: string, text: string): HTMLParagraphElement {
  const p = document.createElement("p");
  p.className = className;
  p.textContent = text;
  return p;
}

function replaceContent(area: HTMLElement, nodes: Node[]): void {
  for (const child of [...area.children]) detachBehaviors(child);
  area.replaceChildren(...nodes);
  attachBehaviors(area);
}

async function check(url: string): Promise<StockCheck | null> {
  try {
    const response = await fetch(url, { method: "POST", headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) return null;
    const data = (await response.json()) as Partial<StockCheck>;
    return typeof data.hasStockIssues === "boolean" ? { hasStockIssues: data.hasStockIssues, message: String(data.message ?? "") } : null;
  } catch {
    return null;
  }
}

export const stockCheck: Behavior = {
  name: "stock-check",
  selector: `[${STOCK_CHECK_ATTRIBUTE}]`,
  attach(area) {
    let live = true;
    // The lines in the page's language, from the server's markup.
    const failedText = area.getAttribute(STOCK_CHECK_TEXT.failed) || PAYMENT_SHARED_TEXT.verifyFailed;
    const verifying = paragraph("verifying", area.getAttribute(STOCK_CHECK_TEXT.verifying) || PAYMENT_SHARED_TEXT.verifying);
    verifying.setAttribute("role", "status");
    // Below the ready area: when the line goes, the Pay button above it stays where she is tapping.
    area.after(verifying);
    void (async () => {
      const result = await check(area.getAttribute(STOCK_CHECK_ATTRIBUTE) ?? "");
      if (!live) return;
      if (!result) {
        area.prepend(paragraph("field-error", failedText));
      } else if (result.hasStockIssues !== (area.querySelector(".stock-issue") !== null)) {
        // The stock moved since the server drew the page: its ready area, from the page again.
        const fresh = (await fetchDocument(location.href))?.querySelector(`[${STOCK_CHECK_ATTRIBUTE}]`);
        if (!live) return;
        if (fresh) replaceContent(area, [...document.adoptNode(fresh).childNodes]);
        else area.prepend(paragraph("field-error", failedText));
      }
      verifying.remove();
    })();
    return () => {
      live = false;
      verifying.remove();
    };
  },
};

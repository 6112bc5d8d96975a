/**
 * The payment page's stock check: on load 'Verifying product availability...' shows above the
 * ready area while POST /api/orders/{id}/validate-stock runs, then the issue box with Return to
 * Cart replaces the Pay button if stock ran out, or the Pay button comes back if it returned. The
 * server checked the stock when it drew the page, so its Pay button stays usable meanwhile (the
 * payment checks the stock once more). A failed check says so above the server's own answer.
 */
import { fetchDocument } from "~/browser/net";
import { attachBehaviors, detachBehaviors, type Behavior } from "~/browser/runtime";
import { PAYMENT_SHARED_TEXT, STOCK_CHECK_ATTRIBUTE } from "~/lib/behavior-contract";

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

/** The same box as the server's StockIssue (components/orders/payment-view.tsx). */
function issueBox(message: string): HTMLElement {
  const box = document.createElement("div");
  box.className = "stock-issue";
  box.setAttribute("role", "alert");
  const back = document.createElement("a");
  back.href = "/cart";
  back.className = "button button-secondary";
  back.textContent = PAYMENT_SHARED_TEXT.returnToCart;
  box.append(paragraph("alert-title", PAYMENT_SHARED_TEXT.stockTitle), paragraph("", message || PAYMENT_SHARED_TEXT.stockFallback), back);
  return box;
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
    const verifying = paragraph("verifying", PAYMENT_SHARED_TEXT.verifying);
    verifying.setAttribute("role", "status");
    area.before(verifying);
    void (async () => {
      const result = await check(area.getAttribute(STOCK_CHECK_ATTRIBUTE) ?? "");
      if (!live) return;
      if (!result) {
        area.prepend(paragraph("field-error", PAYMENT_SHARED_TEXT.verifyFailed));
      } else if (result.hasStockIssues) {
        replaceContent(area, [issueBox(result.message)]);
      } else if (area.querySelector(".stock-issue")) {
        // The stock came back since the server drew the page: its Pay button, from the page again.
        const fresh = (await fetchDocument(location.href))?.querySelector(`[${STOCK_CHECK_ATTRIBUTE}]`);
        if (!live) return;
        if (fresh && !fresh.querySelector(".stock-issue")) replaceContent(area, [...document.adoptNode(fresh).childNodes]);
      }
      verifying.remove();
    })();
    return () => {
      live = false;
      verifying.remove();
    };
  },
};

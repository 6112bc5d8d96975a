/**
 * PayPal's smart buttons on the payment page, in sandbox and live only (the server marks the
 * container there; the emulator keeps its plain form). PayPal's loader comes on demand, in its own
 * chunk, so no other page pays for it. The buttons create the PayPal order through
 * POST /api/paypal/order and record the approved payment through
 * POST /api/orders/{id}/complete-payment; then the success notification and, about 500 ms later,
 * the confirmation page. Until the buttons are drawn (or when PayPal's script cannot load) the
 * plain 'Pay with PayPal' form stays.
 */
import { showToast } from "~/browser/behaviors/toasts";
import { type Behavior } from "~/browser/runtime";
import {
  confirmationUrl,
  PAYMENT_REDIRECT_DELAY_MS,
  PAYMENT_TOAST_TEXT,
  PAYPAL_BUTTONS_ATTRIBUTE,
  PAYPAL_BUTTONS_DATA as DATA,
  type PaypalButtonsMessages,
  stockToast,
  type ToastMessage,
} from "~/lib/behavior-contract";

/** What a failed payment call answers, as the spec's notification (`said`: the page's own words, when it gave them). */
export function toastFor(status: number, message: unknown, said?: PaypalButtonsMessages | null): ToastMessage {
  const text = typeof message === "string" ? message : "";
  if (status === 409 && /in stock|no longer available|sold out/i.test(text)) return said?.stock ?? stockToast(text);
  if (text.startsWith(PAYMENT_TOAST_TEXT.processingError.title)) return said?.processingError ?? PAYMENT_TOAST_TEXT.processingError;
  return said?.failed ?? PAYMENT_TOAST_TEXT.failed;
}

/** The page's words for the buttons' notifications; null on a page that gave none (the English then). */
function messagesOf(container: HTMLElement): PaypalButtonsMessages | null {
  try {
    const value = JSON.parse(container.getAttribute(DATA.messages) ?? "null") as PaypalButtonsMessages | null;
    return value && typeof value === "object" && value.failed ? value : null;
  } catch {
    return null;
  }
}

async function postJson(url: string, body: unknown): Promise<{ status: number; ok: boolean; data: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, ok: response.ok, data };
}

export const paypalButtons: Behavior = {
  name: "paypal-buttons",
  selector: `[${PAYPAL_BUTTONS_ATTRIBUTE}]`,
  attach(container) {
    const [clientId, currency = "USD", orderId, token, cspNonce] = [DATA.clientId, DATA.currency, DATA.orderId, DATA.token, DATA.cspNonce].map(
      (name) => container.getAttribute(name) ?? undefined,
    );
    if (!clientId || !orderId) return;
    const said = messagesOf(container);
    const say = { ...PAYMENT_TOAST_TEXT, ...said };
    const withToken = token ? { token } : {};
    let live = true;
    let redirect: number | undefined;
    // PayPal calls onError after a failed createOrder as well: one notification, not two.
    let shownError = false;
    const fail = (toast: ToastMessage) => {
      shownError = true;
      showToast(toast);
    };

    void (async () => {
      const { loadScript } = await import("@paypal/paypal-js");
      const paypal = await loadScript({ clientId, currency, intent: "capture", ...(cspNonce ? { dataCspNonce: cspNonce } : {}) });
      if (!live || !paypal?.Buttons) return;
      await paypal
        .Buttons({
          style: { layout: "vertical", label: "paypal" },
          createOrder: async () => {
            shownError = false;
            const answer = await postJson("/api/paypal/order", { orderId: Number(orderId), currency, intent: "CAPTURE", ...withToken });
            const id = answer.data.id;
            if (!answer.ok || typeof id !== "string") {
              fail(toastFor(answer.status, answer.data.message, said));
              throw new Error("PayPal order not created");
            }
            return id;
          },
          onApprove: async ({ orderID }) => {
            const answer = await postJson(`/api/orders/${orderId}/complete-payment`, { paypalOrderId: orderID, status: "paid", ...withToken });
            const { id, confirmationToken } = answer.data;
            if (!answer.ok || typeof id !== "number" || typeof confirmationToken !== "string") {
              fail(toastFor(answer.status, answer.data.message, said));
              return;
            }
            showToast(say.success);
            redirect = window.setTimeout(() => location.assign(confirmationUrl(id, confirmationToken)), PAYMENT_REDIRECT_DELAY_MS);
          },
          onCancel: () => showToast(say.cancelled),
          onError: () => {
            if (!shownError) showToast(say.failed);
            shownError = false;
          },
        })
        .render(container);
      if (!live) return;
      container.hidden = false;
      const form = container.parentElement?.querySelector<HTMLFormElement>("form.pay-form");
      if (form) form.hidden = true;
    })().catch(() => {
      // PayPal's script did not load (blocked, offline): the plain form still pays.
    });

    return () => {
      live = false;
      window.clearTimeout(redirect);
    };
  },
};

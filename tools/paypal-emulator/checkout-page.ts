// The buyer's side: the approval page at /checkoutnow and its Approve/Cancel form.
import type { ServerResponse } from "node:http";
import { type Ctx, send } from "./http";
import { approve, BUYER } from "./orders";
import type { EmulatorContext } from "./state";
import type { Money } from "./types";
import { appendQuery, escapeHtml } from "./util";
import { emit } from "./webhooks";

function page(res: ServerResponse, status: number, title: string, content: string, headers: Record<string, string> = {}) {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – PayPal emulator</title>
<style>
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0; background: #f5f7fa; color: #1a1a1a; }
main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
.brand { margin: 0 0 1.5rem; font-weight: 700; color: #003087; font-size: 1.1rem; }
h1 { font-size: 1.4rem; margin: 0 0 1rem; }
.amount { font-size: 2rem; font-weight: 700; margin: 0.25rem 0 1rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0.4rem 1rem; margin: 0 0 1.5rem; }
dt { color: #515354; }
dd { margin: 0; overflow-wrap: anywhere; }
.actions { display: flex; flex-direction: column; gap: 0.75rem; }
button, .button { font: inherit; font-weight: 600; font-size: 1rem; padding: 0.8rem 1rem; border-radius: 999px; border: 2px solid #003087; cursor: pointer; text-align: center; text-decoration: none; }
.primary { background: #0070ba; border-color: #0070ba; color: #fff; }
.secondary { background: #fff; color: #003087; }
button:focus-visible, .button:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
.note { margin-top: 1.5rem; font-size: 0.85rem; color: #515354; }
.banner { margin: 0 0 1.5rem; padding: 0.75rem 1rem; border-radius: 8px; background: #fff4ce; border: 1px solid #e0c45c; color: #3d3000; }
</style>
</head>
<body>
<main>
<p class="banner" role="note"><strong>Test payment, no real money moves.</strong> This is the shop's local PayPal emulator, not PayPal.</p>
<p class="brand">PayPal <span aria-hidden="true">·</span> emulator</p>
${content}
<p class="note">This is a local test double of PayPal. No real money moves.</p>
</main>
</body>
</html>`;
  send(res, status, html, "text/html; charset=utf-8", {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    ...headers,
  });
}

function formatAmount(money: Money): string {
  try {
    const formatted = new Intl.NumberFormat("en-US", { style: "currency", currency: money.currency_code, currencyDisplay: "narrowSymbol" }).format(
      Number(money.value),
    );
    return `${formatted} ${money.currency_code}`;
  } catch {
    return `${money.value} ${money.currency_code}`;
  }
}

function notFoundPage(res: ServerResponse) {
  page(res, 404, "Payment not found", `<h1>Payment not found</h1>\n<p>This payment link is not valid or has expired. Return to the shop and try again.</p>`);
}

export function checkoutPage(emu: EmulatorContext, ctx: Ctx) {
  const id = ctx.query.get("token") ?? "";
  const order = emu.state.orders.get(id);
  if (!order) return notFoundPage(ctx.res);
  const unit = order.purchase_units[0];
  const merchant = order.brand_name ?? "the merchant";
  const total = order.purchase_units.length === 1 ? unit.amount : null;
  const amountText = total ? formatAmount(total) : order.purchase_units.map((u) => formatAmount(u.amount)).join(" + ");
  const summary = `<p>Pay <strong>${escapeHtml(merchant)}</strong></p>
<p class="amount" id="amount">${escapeHtml(amountText)}</p>
<dl>
<dt>Amount</dt><dd>${escapeHtml(order.purchase_units.map((u) => u.amount.value).join(", "))}</dd>
<dt>Currency</dt><dd>${escapeHtml(unit.amount.currency_code)}</dd>
${unit.description ? `<dt>For</dt><dd>${escapeHtml(unit.description)}</dd>` : ""}
<dt>Paying as</dt><dd>${escapeHtml(`${BUYER.name.given_name} ${BUYER.name.surname}`)} (${escapeHtml(BUYER.email_address)})</dd>
<dt>PayPal order</dt><dd>${escapeHtml(order.id)}</dd>
</dl>`;
  if (order.status === "COMPLETED") {
    return page(
      ctx.res,
      200,
      "Payment complete",
      `<h1>This payment is already complete</h1>\n${summary}${order.return_url && order.payer ? `\n<p><a class="button secondary" href="${escapeHtml(appendQuery(order.return_url, { token: order.id, PayerID: order.payer.payer_id }))}">Return to ${escapeHtml(merchant)}</a></p>` : ""}`,
    );
  }
  page(
    ctx.res,
    200,
    "Approve your payment",
    `<h1>Approve your payment</h1>
${summary}
<form method="post" action="/checkoutnow" class="actions">
<input type="hidden" name="token" value="${escapeHtml(order.id)}">
<button type="submit" name="decision" value="approve" class="primary">Approve</button>
<button type="submit" name="decision" value="cancel" class="secondary">Cancel</button>
</form>`,
  );
}

export function checkoutDecision(emu: EmulatorContext, ctx: Ctx) {
  const form = new URLSearchParams(ctx.body.toString("utf8"));
  const id = form.get("token") ?? ctx.query.get("token") ?? "";
  const decision = form.get("decision");
  const order = emu.state.orders.get(id);
  if (!order) return notFoundPage(ctx.res);
  if (decision === "cancel") {
    if (order.cancel_url) return send(ctx.res, 302, "", "text/plain", { Location: appendQuery(order.cancel_url, { token: order.id }) });
    return page(ctx.res, 200, "Payment cancelled", `<h1>Payment cancelled</h1>\n<p>You cancelled this payment. You can close this window.</p>`);
  }
  if (decision !== "approve") {
    return page(
      ctx.res,
      400,
      "Choose an option",
      `<h1>Choose an option</h1>\n<p>Please <a href="/checkoutnow?token=${encodeURIComponent(order.id)}">go back</a> and choose Approve or Cancel.</p>`,
    );
  }
  if (order.status === "COMPLETED") {
    return page(ctx.res, 409, "Payment complete", `<h1>This payment is already complete</h1>\n<p>Nothing more to approve.</p>`);
  }
  approve(order);
  emit(emu, "CHECKOUT.ORDER.APPROVED", order.id, ctx.apiBase);
  if (order.return_url) {
    return send(ctx.res, 302, "", "text/plain", { Location: appendQuery(order.return_url, { token: order.id, PayerID: order.payer!.payer_id }) });
  }
  page(ctx.res, 200, "Payment approved", `<h1>Payment approved</h1>\n<p>You approved this payment. You can close this window.</p>`);
}

import { type MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Terms & Conditions", description: "Payment, shipping, cancellation and returns." });

export default function Terms() {
  return (
    <div className="container narrow prose-page">
      <h1>Terms &amp; Conditions</h1>
      <h2>Payment</h2>
      <p>Payment is made through PayPal (card or wallet). All prices are in US dollars (USD).</p>
      <h2>Shipping</h2>
      <p>
        Orders ship by registered post at a flat worldwide rate within 1-3 business days. Delivery estimates: Europe 2-4 business
        days, USA about 1 week, Australia and remote areas 1-2 weeks.
      </p>
      <h2>Cancellation</h2>
      <p>You can cancel with a full refund only if the order has not shipped yet.</p>
      <h2>Returns</h2>
      <p>Returns are accepted within 14 days of delivery; the buyer pays shipping in both directions.</p>
    </div>
  );
}

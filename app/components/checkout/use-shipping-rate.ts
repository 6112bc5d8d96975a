import { useEffect, useState } from "react";
import { centsToDecimal, decimalToCents } from "~/lib/money";

export interface ShippingRate {
  name: string;
  description: string;
  priceCents: number;
}

/**
 * The shipping rate shown at checkout: the server's, then the one POST /api/shipping/calculate
 * gives for the chosen country. The server computes it again on submit.
 */
export function useShippingRate(initial: ShippingRate, items: { priceCents: number; quantity: number; isLarge: boolean }[]) {
  const [shipping, setShipping] = useState(initial);
  useEffect(() => setShipping(initial), [initial]);

  async function refresh(country: string) {
    if (items.length === 0) return;
    try {
      const res = await fetch("/api/shipping/calculate", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          country,
          cartItems: items.map((i) => ({ price: centsToDecimal(i.priceCents), quantity: i.quantity, product: { isLargeItem: i.isLarge } })),
        }),
      });
      if (!res.ok) return;
      const { rate } = (await res.json()) as { rate: { name: string; description: string; price: string } };
      const priceCents = decimalToCents(rate.price);
      if (priceCents !== null) setShipping({ name: rate.name, description: rate.description, priceCents });
    } catch {
      // The shown rate simply stays.
    }
  }

  return { shipping, refresh };
}

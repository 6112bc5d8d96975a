import { madeToOrderText } from "~/domain/catalogue/made-to-order";

/** 'Made to order: ships within N weeks' under a line that will be (or was) made to order; nothing otherwise. */
export function MadeToOrderNote({ days, className = "made-to-order-note" }: { days: number | null | undefined; className?: string }) {
  if (days === null || days === undefined) return null;
  return <p className={className}>{madeToOrderText(days)}</p>;
}

/** "40,156": the same on the server and in every browser. */
const COUNT = new Intl.NumberFormat("en-US");

/**
 * The shop's "Showing 24 of 40,156 products" line (or "Showing 13–36 of …" when the page starts
 * after the first product). The server writes it, and the browser module after a Load More.
 */
export function showingText(start: number, shown: number, total: number): string {
  const noun = total === 1 ? "product" : "products";
  if (start <= 1) return `Showing ${COUNT.format(shown)} of ${COUNT.format(total)} ${noun}`;
  return `Showing ${COUNT.format(start)}–${COUNT.format(start + shown - 1)} of ${COUNT.format(total)} ${noun}`;
}

import { describe, expect, it } from "vitest";
import { lowestBefore, nextBoundary, ownerReductionSince, type PriceRow, type PublicOffer, reductionAt, shelfAt } from "~/domain/catalogue/prior-price";

// The prior-price rule's arithmetic, apart from the database (tests/integration/prior-price.test.ts reads it there).

const DAY = 86_400_000;
const day = (n: number) => (n - 1) * DAY;
const row = (n: number, priceCents: number, regularPriceCents: number | null = null): PriceRow => ({ at: day(n), priceCents, regularPriceCents });
const offer = (spec: Partial<PublicOffer> & { startsAt: number }): PublicOffer => ({
  code: "SPRING",
  type: "percent",
  value: 20,
  minSubtotalCents: null,
  endsAt: null,
  usable: true,
  ...spec,
});

describe("the shelf price", () => {
  it("is the last row's at or before the time, and null before the first", () => {
    const history = [row(1, 4000), row(10, 5000)];
    expect(shelfAt(history, day(0))).toBeNull();
    expect(shelfAt(history, day(1))).toBe(4000);
    expect(shelfAt(history, day(10) - 1)).toBe(4000);
    expect(shelfAt(history, day(10))).toBe(5000);
  });
});

describe("the lowest price before a reduction", () => {
  it("reads the window's start, its changes and the offers' boundaries inside it, and nothing at or after the start", () => {
    const history = [row(1, 4000), row(10, 5000), row(20, 1000)];
    expect(lowestBefore(history, [], day(20))).toBe(4000);
    // A code offered for one day inside the window counts; its end is where the price goes back up.
    expect(lowestBefore(history, [offer({ startsAt: day(15), endsAt: day(16), value: 50 })], day(20))).toBe(2500);
    expect(lowestBefore(history, [], day(0))).toBeNull();
  });

  it("a code's minimum above the shelf price leaves it be", () => {
    expect(lowestBefore([row(1, 5000)], [offer({ startsAt: day(5), minSubtotalCents: 6000 })], day(20))).toBe(5000);
  });
});

describe("the owner's reduction's start", () => {
  it("is the first row of the last unbroken reduced run", () => {
    const history = [row(1, 5000), row(5, 4000, 5000), row(6, 5000), row(10, 4500, 5000), row(12, 4000, 5000)];
    expect(ownerReductionSince(history, day(20))).toBe(day(10));
    // A row written after now does not count.
    expect(ownerReductionSince([...history, row(30, 5000)], day(20))).toBe(day(10));
  });
});

describe("a reduction", () => {
  it("is null when neither the owner nor a usable code lowers the price", () => {
    const history = [row(1, 5000)];
    expect(reductionAt({ priceCents: 5000, regularPriceCents: null }, history, [], day(5))).toBeNull();
    expect(reductionAt({ priceCents: 5000, regularPriceCents: 5000 }, history, [], day(5))).toBeNull();
    expect(reductionAt({ priceCents: 5000, regularPriceCents: null }, history, [offer({ startsAt: day(2), usable: false })], day(5))).toBeNull();
    expect(reductionAt({ priceCents: 5000, regularPriceCents: null }, history, [offer({ startsAt: day(2), endsAt: day(4) })], day(5))).toBeNull();
  });

  it("takes the best of two usable codes, the earlier on a tie", () => {
    const offers = [
      offer({ code: "LATE", startsAt: day(3), value: 20 }),
      offer({ code: "EARLY", startsAt: day(2), value: 20 }),
      offer({ code: "SMALL", startsAt: day(1), value: 5 }),
    ];
    expect(reductionAt({ priceCents: 5000, regularPriceCents: null }, [row(1, 5000)], offers, day(5))).toMatchObject({
      code: "EARLY",
      since: day(2),
      priceCents: 4000,
    });
  });
});

describe("the cache's validity", () => {
  it("lasts until the next boundary after now", () => {
    expect(nextBoundary([day(1), day(10), day(20)], day(10))).toBe(day(20));
    expect(nextBoundary([day(20), day(1)], day(5))).toBe(day(20));
    expect(nextBoundary([day(1)], day(5))).toBeNull();
  });
});

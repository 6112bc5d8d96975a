import { adminOrderActions } from "~/domain/orders/fulfilment";
import {
  AWAITING_SHIPMENT_STATUSES,
  CANCELLABLE_STATUSES,
  canTransition,
  isPaidBeforeShipping,
  isPaidLike,
  OPEN_MADE_TO_ORDER_STATUSES,
  ORDER_TRANSITION_NAMES,
  ORDER_TRANSITIONS,
  type OrderTransitionName,
  PAID_BEFORE_SHIPPING,
  RETURNABLE_STATUSES,
  SHIPPABLE_STATUSES,
} from "~/domain/orders/lifecycle";
import { allowedActions } from "~/domain/orders/page-data";
import { ORDER_STATUSES, type OrderStatus } from "~/domain/orders/status";

// Written out by hand, apart from the code: every status × transition, allowed or not, and where it goes.
const U = "unpaid",
  P = "paid",
  PR = "processing",
  CR = "cancel_request",
  S = "shipped",
  D = "delivered",
  R = "returned",
  PV = "payment_reversed",
  C = "cancelled",
  UC = "unpaidcancelled";

const EXPECTED: Record<OrderTransitionName, { from: OrderStatus[]; to: OrderStatus | "previous" }> = {
  pay: { from: [U], to: P },
  cancelUnpaid: { from: [U], to: UC },
  expire: { from: [U], to: UC },
  replace: { from: [U], to: UC },
  failCapture: { from: [U], to: C },
  requestCancellation: { from: [P], to: CR },
  declineCancellation: { from: [CR], to: P },
  startPacking: { from: [P], to: PR },
  ship: { from: [P, PR], to: S },
  deliver: { from: [S], to: D },
  cancel: { from: [P, PR, CR], to: C },
  cancelReversed: { from: [PV], to: C },
  return: { from: [S, D, R], to: R },
  reversePayment: { from: [P, PR, CR, S, D, R], to: PV },
  resolveReversal: { from: [PV], to: "previous" },
};

describe("the order lifecycle table", () => {
  it("names exactly the expected transitions", () => {
    expect([...ORDER_TRANSITION_NAMES].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const name of Object.keys(EXPECTED) as OrderTransitionName[]) {
    it(`${name}: allowed from exactly ${EXPECTED[name].from.join(", ")}, to ${EXPECTED[name].to}`, () => {
      for (const status of ORDER_STATUSES) {
        expect(canTransition(status, name), `${name} from ${status}`).toBe(EXPECTED[name].from.includes(status));
      }
      expect(ORDER_TRANSITIONS[name].to).toBe(EXPECTED[name].to);
    });
  }

  it("allows nothing from an unknown status, and nothing at all from the two cancelled ends", () => {
    for (const name of ORDER_TRANSITION_NAMES) {
      expect(canTransition("refunded", name)).toBe(false);
      expect(canTransition(C, name)).toBe(false);
      expect(canTransition(UC, name)).toBe(false);
    }
  });

  it("says what each cancellation does to stock, points, made-to-order places and the payment's hold", () => {
    const effects = (n: OrderTransitionName) => {
      const { stock, points, madeToOrder, hold } = ORDER_TRANSITIONS[n];
      return { stock, points, madeToOrder, hold };
    };
    const unpaid = { stock: "none", points: "give-back", madeToOrder: "release", hold: "refuse-while-held" };
    const paid = { stock: "back", points: "settle", madeToOrder: "release", hold: "clear" };
    for (const n of ["cancelUnpaid", "expire", "replace"] as const) expect(effects(n), n).toEqual(unpaid);
    for (const n of ["cancel", "cancelReversed", "failCapture"] as const) expect(effects(n), n).toEqual(paid);
    expect(effects("pay")).toEqual({ stock: "keep", points: "award", madeToOrder: "start", hold: "set" });
    expect(effects("return")).toEqual({ stock: "returned", points: "settle-refund", madeToOrder: "none", hold: "none" });
    expect(effects("ship")).toEqual({ stock: "none", points: "none", madeToOrder: "release", hold: "none" });
  });
});

describe("what is read from the table", () => {
  it("the status lists", () => {
    expect([...PAID_BEFORE_SHIPPING].sort()).toEqual([P, PR, CR].sort());
    expect([...CANCELLABLE_STATUSES].sort()).toEqual([U, P, PR, CR, PV].sort());
    expect([...SHIPPABLE_STATUSES].sort()).toEqual([P, PR].sort());
    expect([...RETURNABLE_STATUSES].sort()).toEqual([S, D].sort());
    expect([...OPEN_MADE_TO_ORDER_STATUSES].sort()).toEqual([U, P, PR, CR, PV].sort());
    expect([...AWAITING_SHIPMENT_STATUSES].sort()).toEqual([U, P, PR, CR].sort());
    expect(ORDER_STATUSES.filter(isPaidLike)).toEqual([P, PR, CR, S, D, R]);
    expect(ORDER_STATUSES.filter(isPaidBeforeShipping)).toEqual([P, PR, CR]);
  });

  it("the admin's buttons for every status", () => {
    const none = { cancel: false, ship: false, return: false, decline: false, pack: false, deliver: false, resolve: false };
    const expected: Record<OrderStatus, Partial<typeof none>> = {
      unpaid: { cancel: true },
      paid: { cancel: true, ship: true, pack: true },
      processing: { cancel: true, ship: true },
      cancel_request: { cancel: true, decline: true },
      shipped: { return: true, deliver: true },
      delivered: { return: true },
      returned: {},
      payment_reversed: { cancel: true, resolve: true },
      cancelled: {},
      unpaidcancelled: {},
    };
    for (const status of ORDER_STATUSES) expect(adminOrderActions(status), status).toEqual({ ...none, ...expected[status] });
  });

  it("the customer's two buttons for every status", () => {
    for (const status of ORDER_STATUSES) {
      expect(allowedActions(status), status).toEqual({ cancel: status === U, requestCancellation: status === P });
    }
  });
});

import { ADDRESSES, CUSTOMER_NAMES, EMAIL_DOMAINS, GUEST_NAMES } from "../demo-year-data";
import { type DemoContext, type Person } from "./context";
import { nextId } from "./helpers";

/** The customers with accounts (ids after the shop's users) and the guests who check out without one. */
export async function planPeople(ctx: DemoContext): Promise<void> {
  const { rnd } = ctx;
  const addressFor = (i: number): Person["address"] => {
    const base = ADDRESSES[(i * 7 + 3) % ADDRESSES.length]!;
    const number = 3 + Math.floor(rnd() * 180);
    const line1 = ["US", "CA", "GB", "AU", "NZ", "KR"].includes(base.country) ? `${number} ${base.street}` : `${base.street} ${number}`;
    return { ...base, line1, line2: rnd() < 0.2 ? `Apt ${1 + Math.floor(rnd() * 30)}` : null };
  };
  const emailFor = (first: string, last: string, i: number) =>
    `${first}.${last}`
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z.]/g, "")
      .toLowerCase() + `@${EMAIL_DOMAINS[i % EMAIL_DOMAINS.length]}`;

  let userId = await nextId(ctx.db, "users");
  ctx.customers = CUSTOMER_NAMES.map(([firstName, lastName], i) => ({
    id: userId++,
    firstName,
    lastName,
    email: emailFor(firstName, lastName, i),
    address: addressFor(i),
    createdAt: 0,
    balance: 0,
  }));
  ctx.guests = GUEST_NAMES.map(([firstName, lastName], i) => ({
    firstName,
    lastName,
    email: emailFor(firstName, lastName, i + 1),
    address: addressFor(i + 11),
  }));
}

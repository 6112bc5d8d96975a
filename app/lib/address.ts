import { isIPv6 } from "node:net";

/**
 * IPv6 addresses count per /56: providers hand a home or a small server a /56 (or a /64 inside
 * one), so counting per /64 would give one client 256 separate limits.
 */
/** `::ffff:1.2.3.4` → `1.2.3.4`; an IPv6 address → its /56 (`2001:db8:1:200::/56` for `2001:db8:1:2ab::9`), with or without `[…]:port`; `a.b.c.d:port` → `a.b.c.d`; anything else as is, at most 64 characters. */
export function addressKey(raw: string): string {
  // Proxies may write `[v6]:port` or `v4:port`: the port goes.
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(address)) address = address.replace(/:\d+$/, "");
  address = address.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) address = mapped[1]!;
  if (isIPv6(address)) {
    const groups = expandIPv6(address);
    if (groups) {
      const [a, b, c, d] = groups.map((g) => parseInt(g, 16) || 0);
      return `${[a!, b!, c!, d! & 0xff00].map((n) => n.toString(16)).join(":")}::/56`;
    }
  }
  return address.slice(0, 64);
}

function expandIPv6(address: string): string[] | null {
  const [head, tail, ...rest] = address.toLowerCase().split("::");
  if (rest.length) return null;
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
  // An embedded IPv4 tail (::ffff:a.b.c.d and friends) takes two groups; only the first four matter here.
  const count = (groups: string[]) => groups.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
  if (tail === undefined) return count(left) === 8 ? left : null;
  const missing = 8 - count(left) - count(right);
  if (missing < 1) return null;
  return [...left, ...Array<string>(missing).fill("0"), ...right];
}

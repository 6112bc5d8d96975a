import { addressKey, clientAddress } from "~/lib/http.server";

describe("client address for per-address limits", () => {
  it("counts IPv6 per /56 and unwraps IPv4-mapped addresses", () => {
    expect(addressKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:0::/56");
    expect(addressKey("2001:0db8:0001:0002::9")).toBe("2001:db8:1:0::/56");
    // The 256 /64s of one /56 are one client; the next /56 is another.
    expect(addressKey("2001:db8:1:ff::1")).toBe("2001:db8:1:0::/56");
    expect(addressKey("2001:db8:1:2ab::9")).toBe("2001:db8:1:200::/56");
    expect(addressKey("2001:db8:1:100::1")).toBe("2001:db8:1:100::/56");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/56");
    expect(addressKey("::1")).toBe("0:0:0:0::/56");
    expect(addressKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(addressKey("192.0.2.7")).toBe("192.0.2.7");
    // Proxies that add the port: the same client.
    expect(addressKey("[2001:db8:1:2::7]:443")).toBe("2001:db8:1:0::/56");
    expect(addressKey("[2001:db8:1:2::7]")).toBe("2001:db8:1:0::/56");
    expect(addressKey("192.0.2.7:51234")).toBe("192.0.2.7");
  });

  it("ignores X-Forwarded-For without TRUST_PROXY", () => {
    expect(clientAddress("10.0.0.1", "203.0.113.9", 0)).toBe("10.0.0.1");
  });

  it("takes the entry the nearest trusted proxy saw, never the client's own claims", () => {
    // The client claims 1.1.1.1; proxy A saw 203.0.113.9; proxy B (nearest) saw A at 10.0.0.2.
    expect(clientAddress("10.0.0.3", "1.1.1.1, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.3", "1.1.1.1, 203.0.113.9, 10.0.0.2", 2)).toBe("203.0.113.9");
    // Fewer entries than hops: the socket's address.
    expect(clientAddress("10.0.0.3", "", 1)).toBe("10.0.0.3");
  });
});

import { type AddressInfo } from "node:net";
import express from "express";
import { addressKey } from "~/lib/address";
import { clientAddress } from "../../../server/pipeline";
import { entryStub } from "../server/entry-stub";

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
});

/** The address the server's client-address step gives loaders, behind `hops` trusted proxies, for a request from 127.0.0.1. */
async function seenAs(hops: number, forwardedFor?: string, clientHeader?: string): Promise<{ context: string; header: string }> {
  const app = express();
  app.set("trust proxy", hops);
  app.use(clientAddress(entryStub(), false));
  app.all("*", (req, res) => {
    res.send(JSON.stringify({ context: res.locals.clientAddress, header: req.headers["x-shop-client-ip"] }));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const headers: Record<string, string> = {};
    if (forwardedFor !== undefined) headers["X-Forwarded-For"] = forwardedFor;
    if (clientHeader !== undefined) headers["x-shop-client-ip"] = clientHeader;
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers });
    return (await res.json()) as { context: string; header: string };
  } finally {
    server.close();
  }
}

describe("the server's client address (express trust proxy, TRUST_PROXY hops)", () => {
  it("ignores X-Forwarded-For without TRUST_PROXY", async () => {
    expect(await seenAs(0, "203.0.113.9")).toEqual({ context: "127.0.0.1", header: "127.0.0.1" });
  });

  it("takes the entry the nearest trusted proxy saw, never the client's own claims", async () => {
    // The client claims 1.1.1.1; proxy A saw 203.0.113.9; proxy B (nearest) saw A at 10.0.0.2.
    expect((await seenAs(1, "1.1.1.1, 203.0.113.9")).context).toBe("203.0.113.9");
    expect((await seenAs(2, "1.1.1.1, 203.0.113.9, 10.0.0.2")).context).toBe("203.0.113.9");
    // No entries: the socket's address.
    expect((await seenAs(1)).context).toBe("127.0.0.1");
  });

  it("keys an IPv6 client per /56", async () => {
    expect((await seenAs(1, "2001:db8:1:2ab::9")).context).toBe("2001:db8:1:200::/56");
  });

  it("overwrites a client's own x-shop-client-ip header", async () => {
    expect((await seenAs(0, undefined, "198.51.100.1")).header).toBe("127.0.0.1");
  });
});

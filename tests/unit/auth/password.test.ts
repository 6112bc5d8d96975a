import { hashPassword, verifyPassword } from "~/domain/auth/password.server";

describe("password hashing (scrypt)", () => {
  it("stores a self-describing scrypt hash, never the password", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(hash).not.toContain("correct horse");
  });

  it("uses a new salt each time", async () => {
    const [a, b] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(a).not.toBe(b);
    expect(a.split("$")[4]).not.toBe(b.split("$")[4]);
  });

  it("accepts the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("s3cret-pass");
    expect(await verifyPassword("s3cret-pass", hash)).toBe(true);
    expect(await verifyPassword("s3cret-pasS", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("handles unicode passwords", async () => {
    const hash = await hashPassword("zażółć gęślą jaźń 🧵");
    expect(await verifyPassword("zażółć gęślą jaźń 🧵", hash)).toBe(true);
    expect(await verifyPassword("zazolc gesla jazn 🧵", hash)).toBe(false);
  });

  it("returns false, never throws, for missing or malformed stored hashes", async () => {
    for (const stored of [
      null,
      undefined,
      "",
      "plain",
      "scrypt$1$8$1$abc$def",
      "bcrypt$x$y$z$a$b",
      "scrypt$16384$8$1$!!!$???",
      "scrypt$99999999$8$1$AAAAAAAAAAA=$AAAAAAAAAAAAAAAAAAAAAA==",
    ]) {
      expect(await verifyPassword("anything", stored)).toBe(false);
    }
  });

  it("refuses parameters that would burn memory (N above 2^20)", async () => {
    const hash = await hashPassword("pw123456");
    const parts = hash.split("$");
    parts[1] = String(1 << 21);
    expect(await verifyPassword("pw123456", parts.join("$"))).toBe(false);
  });
});

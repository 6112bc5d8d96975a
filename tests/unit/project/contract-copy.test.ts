import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

// docs/contract.md is the repository's copy of the shop's outside contract. Where the shared
// original sits next to the repository, the copy must say exactly what it says.
const root = path.resolve(import.meta.dirname, "../../..");
const copyPath = path.join(root, "docs/contract.md");
const originalPath = path.resolve(root, "../shared/CONTRACT.md");

describe("docs/contract.md", () => {
  it("is in the repository, and equals ../shared/CONTRACT.md when that file is there", () => {
    expect(existsSync(copyPath)).toBe(true);
    const copy = readFileSync(copyPath, "utf8");
    expect(copy.trim().length).toBeGreaterThan(0);
    if (existsSync(originalPath)) expect(copy).toBe(readFileSync(originalPath, "utf8"));
  });
});

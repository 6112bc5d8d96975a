import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** One patch-package diff under patches/: the package and exact version it is made for, and what it does to each file. */
export interface PackagePatch {
  /** The patch's file name, e.g. `@remix-run+router+1.23.3.patch`. */
  fileName: string;
  /** The package name, e.g. `@remix-run/router`. */
  name: string;
  version: string;
  files: PatchedFile[];
}

export interface PatchedFile {
  /** The path inside node_modules, e.g. `@remix-run/router/dist/router.cjs.js`. */
  path: string;
  /** Each hunk's text after the patch (its context and added lines): all of them are in a patched file. */
  after: string[];
  /** The lines the patch adds. */
  added: string[];
}

// patch-package names a patch `<name with / as +>+<version>.patch`. Nested packages (`a++b`)
// and numbered sequences are not used here, so a name in any other shape is a mistake.
const PATCH_NAME = /^((?:@[^+/]+\+)?[^+/@][^+/]*)\+(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\.patch$/;

export function parsePatchFileName(fileName: string): { name: string; version: string } {
  const match = PATCH_NAME.exec(fileName);
  if (!match) throw new Error(`${fileName} is not named <package>+<exact version>.patch`);
  return { name: match[1]!.replace("+", "/"), version: match[2]! };
}

/** The patches in `<root>/patches`, sorted by file name. */
export function readPatches(root: string): PackagePatch[] {
  const dir = path.join(root, "patches");
  return readdirSync(dir)
    .filter((fileName) => fileName.endsWith(".patch"))
    .sort()
    .map((fileName) => ({ fileName, ...parsePatchFileName(fileName), files: parseDiff(readFileSync(path.join(dir, fileName), "utf8")) }));
}

/** Reads a git-style unified diff as patch-package writes it (paths `a/node_modules/...`). */
export function parseDiff(text: string): PatchedFile[] {
  const files: PatchedFile[] = [];
  let file: PatchedFile | null = null;
  let hunk: string[] | null = null;
  const endHunk = () => {
    if (file && hunk) file.after.push(hunk.join("\n"));
    hunk = null;
  };
  for (const line of text.split("\n")) {
    if (line.startsWith("diff --git ")) {
      endHunk();
      const target = / b\/node_modules\/(.+)$/.exec(line);
      if (!target) throw new Error(`Unexpected diff header: ${line}`);
      file = { path: target[1]!, after: [], added: [] };
      files.push(file);
    } else if (line.startsWith("@@")) {
      endHunk();
      hunk = [];
    } else if (hunk && file) {
      if (line.startsWith("+")) {
        hunk.push(line.slice(1));
        file.added.push(line.slice(1));
      } else if (line.startsWith(" ")) hunk.push(line.slice(1));
      // "-" lines are gone after the patch; "\ No newline at end of file" is not text.
    }
  }
  endHunk();
  return files;
}

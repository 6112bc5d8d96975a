import type * as Entry from "../app/entry.server";

/** What the server takes from the build's entry module (app/entry.server.tsx). */
export type ShopEntry = typeof Entry;

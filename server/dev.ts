import { broadcastDevReady } from "@remix-run/node";
import { buildBrowserModule } from "../scripts/build-browser.mjs";
import { serve } from "./worker";

// `npm run dev`: `remix dev` rebuilds the app on every change and restarts this command, which
// serves the new build through the same pipeline as production (one process, development mode).
// Remix empties public/build before each build, so the lean pages' browser module is built
// again here, before the server says it is ready.
process.env.NODE_ENV = process.env.NODE_ENV ?? "development";
await buildBrowserModule();
await serve(process.argv[2] ?? "build/index.js", (build) => void broadcastDevReady(build));

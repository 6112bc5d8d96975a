import { runSlowJourney, printJourney, JOURNEY_SLUG } from "./journey-diag2";
const base = process.argv[2];
for (let i = 0; i < Number(process.argv[3] ?? 2); i++) for (const js of [false, true]) { const r = await runSlowJourney(base, JOURNEY_SLUG, js); printJourney(js ? "on" : "off", r); }

import { runSlowJourney, printJourney, JOURNEY_SLUG } from "./journey-diag";
const base = process.argv[2]; const js = process.argv[3] === "on";
const r = await runSlowJourney(base, JOURNEY_SLUG, js); printJourney(js ? "on" : "off", r);

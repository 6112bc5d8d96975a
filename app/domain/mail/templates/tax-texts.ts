import { type AlertLevel, type ThresholdKey } from "~/domain/records/thresholds";

/**
 * The words of the owner's tax-threshold alerts (always English, as every owner alert): what the
 * threshold is, where the year's figure stands, and what to do next.
 */
export const TAX_MAIL_TEXT = {
  subject: (name: string, percent: number, year: number) => `Tax threshold: ${name} at ${percent}% in ${year}`,
  names: {
    "eu-distance": "EU cross-border sales",
    exemption: "all sales",
  } satisfies Record<ThresholdKey, string>,
  heading: {
    "eu-distance": { 80: "EU cross-border sales are at 80% of the EU threshold", 100: "EU cross-border sales passed the EU threshold" },
    exemption: { 80: "Sales are at 80% of the VAT exemption limit", 100: "Sales passed the VAT exemption limit" },
  } satisfies Record<ThresholdKey, Record<AlertLevel, string>>,
  figure: {
    "eu-distance": "Sales shipped to consumers in other EU countries in {year}: {amount} of {limit} ({percent}%).",
    exemption: "All sales in {year}: {amount} of {limit} ({percent}%).",
  } satisfies Record<ThresholdKey, string>,
  meaning: {
    "eu-distance":
      "42,000 zł (EUR 10,000) a year is the EU distance-selling threshold, counted over all EU countries together. Up to it, these sales are taxed as Polish sales; above it, from the sale that passes it, the VAT of the buyer's country applies, usually settled through the OSS (One Stop Shop) return.",
    exemption:
      "240,000 zł a year is the limit of the Polish small-business VAT exemption (VAT Act, art. 113 ust. 1). Once sales pass it, the exemption ends from the sale that passes it.",
  } satisfies Record<ThresholdKey, string>,
  todo: {
    "eu-distance": {
      80: "Talk to your accountant now about registering for VAT and for OSS, so that the shop can charge the buyer's country's VAT before the threshold is passed.",
      100: "Talk to your accountant today: registering for VAT and OSS, and switching the shop's tax setting to charge the destination's VAT, is likely needed now.",
    },
    exemption: {
      80: "Talk to your accountant now about registering as a VAT payer (VAT-R) before the limit is reached.",
      100: "Talk to your accountant today: registering as a VAT payer (VAT-R) and switching the shop's tax setting to charge VAT is likely needed now.",
    },
  } satisfies Record<ThresholdKey, Record<AlertLevel, string>>,
  once: "You get this e-mail once a year at 80% and once at 100% of each threshold; the dashboard shows the figures at any time.",
  notAdvice:
    "This is not legal advice: the figures are the shop's own sums (docs/tax.md says how they are counted), and your accountant confirms what applies to you.",
  button: "Open the dashboard",
};

export type TaxMailText = typeof TAX_MAIL_TEXT;

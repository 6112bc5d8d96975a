// Renders one of the shop's e-mails with sample data into HTML and takes Chromium screenshots at
// 360 and 640 px: tsx scripts/mail-preview.tsx <outDir> [kind] [locale: en | pl]
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { DEFAULT_LEGAL_SETTINGS } from "~/domain/legal/seller";
import { type MailKind, renderMail } from "~/domain/mail/templates";
import { isLocale } from "~/i18n/locales";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/chromium";

const outDir = process.argv[2] ?? "tmp/mail-preview";
const kind = (process.argv[3] ?? "order-confirmation") as MailKind;
const locale = isLocale(process.argv[4]) ? process.argv[4] : "en";
const suffix = locale === "en" ? "" : `.${locale}`;
const order = {
  orderId: 1042,
  token: "k3Jd9sQpLx0aZ7YvTn2WmC4bHq8RfE1u",
  email: "clara@example.com",
  firstName: "Clara",
  lastName: "Bloom",
  items: [
    { title: "Rose Garden Tea Dress", colorName: "Pink", variationName: null, quantity: 2, unitPrice: "24.00", price: "48.00" },
    { title: "Classic Wool Coat", colorName: null, variationName: "1:4 (MSD)", quantity: 1, unitPrice: "38.50", price: "38.50" },
  ],
  subtotal: "86.50",
  shippingCost: "8.00",
  shippingName: "Standard Shipping",
  loyaltyDiscount: "5.00",
  loyaltyPointsUsed: 100,
  total: "89.50",
  address: {
    firstName: "Clara",
    lastName: "Bloom",
    addressLine1: "12 Lace Lane",
    addressLine2: "Apt 3",
    city: "Toronto",
    state: "ON",
    postalCode: "M5V 2T6",
    country: "CA",
  },
  customerMessage: "Could you wrap it as a gift? It is for my daughter's birthday.",
  trackingNumber: "RR123456789PL",
};
const withdrawal = {
  ...order,
  name: "Clara Bloom",
  statement: "I hereby withdraw from my contract for the sale of these goods.",
  receivedAt: "2026-11-26T10:15:00.000Z",
  shipped: true,
  returnAddress: ["Little Stitches Atelier", "ul. Krawiecka 7", "00-001 Warszawa", "Poland"],
};
const data: Record<string, unknown> = {
  welcome: { firstName: "Clara" },
  "back-in-stock": { productTitle: "Midnight Velvet Cape", slug: "midnight-velvet-cape", optionLabel: null, unsubscribeToken: "x.y" },
  "withdrawal-received": withdrawal,
  "owner-withdrawal": withdrawal,
  "owner-withdrawal-reminder": withdrawal,
};
const mail = renderMail(
  kind,
  (data[kind] ?? order) as never,
  {
    storeName: "Little Stitches Atelier",
    appUrl: "http://localhost:3000",
    shopEmail: "hello@example.com",
    seller: { ...DEFAULT_LEGAL_SETTINGS, phone: "+48 600 100 200" },
  },
  locale,
);
mkdirSync(outDir, { recursive: true });
const file = path.resolve(outDir, `${kind}${suffix}.html`);
writeFileSync(file, mail.html);
writeFileSync(path.resolve(outDir, `${kind}${suffix}.txt`), `Subject: ${mail.subject}\n\n${mail.text}`);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
for (const width of [360, 640]) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  await page.goto(`file://${file}`);
  await page.screenshot({ path: path.resolve(outDir, `${kind}${suffix}-${width}.png`), fullPage: true });
  await page.close();
}
await browser.close();
console.log(`Wrote ${file} and screenshots at 360 and 640 px`);

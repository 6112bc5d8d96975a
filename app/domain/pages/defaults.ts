import { type PageSlug } from "~/domain/pages/slugs";

/**
 * The first version of each page: what the seed writes, and what a page shows while it has no
 * saved version yet (a migrated but unseeded shop). The owner changes them in the admin's Pages
 * tab; these texts are a starting point for her and her lawyer, not legal advice. `{shippingTime}`
 * shows Settings' dispatch time, so the pages never state another than the product pages.
 */
export const DEFAULT_PAGES: Record<PageSlug, { title: string; body: string }> = {
  "terms-conditions": {
    title: "Terms & Conditions",
    body: `## Payment

Payment is made through PayPal (card or wallet). All prices are in US dollars (USD).

## Shipping

Orders ship by registered post within {shippingTime}, at the rate of the destination's shipping zone, shown at checkout before you pay. Delivery after dispatch usually takes up to 2 days in Poland, 2 to 4 days elsewhere in Europe, about a week to the USA and 1 to 2 weeks to Australia and remote areas.

## Cancellation

You can cancel with a full refund only if the order has not shipped yet. Consumers in the European Union may also withdraw after shipping, as described under 'Right of withdrawal (EU consumers)' below.

## Returns

Returns are accepted within 14 days of delivery; the buyer pays shipping in both directions. This applies to returns outside the right of withdrawal (for example by buyers who are not consumers in the European Union). It does not limit the rights of EU consumers described below.

## Right of withdrawal (EU consumers)

If you are a consumer in the European Union, you have the right to withdraw from this contract within 14 days without giving any reason. The withdrawal period ends 14 days after the day on which you, or someone you name other than the carrier, receive the goods.

To withdraw, tell us of your decision by a clear statement. The quickest way is the form on this site: [Withdraw from contract here](/withdrawal). You may also send us an e-mail or a letter, or use the model withdrawal form below; you do not have to. Our name, postal address and e-mail address are in the Seller details at the end of this page. It is enough to send your statement before the 14 days have passed.

**Refund.** If you withdraw, we refund everything you paid for the order, including the standard shipping to you, without undue delay and at the latest 14 days after the day we receive your withdrawal. If you chose a more expensive kind of delivery than our standard shipping, we do not refund the difference. We refund through PayPal, as you paid, at no cost to you. We may wait with the refund until we have the goods back, or until you show us that you have sent them, whichever comes first.

**Returning the goods.** Please send the goods back to the postal address in the Seller details without undue delay and at the latest 14 days after you told us you withdraw. **You pay the direct cost of returning the goods.** You are only liable for a loss in value of the goods caused by handling them more than needed to see what they are, how they are made and how they work.

**Pieces made to your own measurements or choices.** The right of withdrawal does not apply to goods made to the consumer's specifications or clearly personalised (Article 16(c) of the Consumer Rights Directive). Such pieces are marked on their product page and in your order confirmation. If an order holds both, a withdrawal covers the other pieces only.

### Model withdrawal form

(Complete and return this form only if you wish to withdraw from the contract.)

> To: the seller named in the Seller details below, at the postal address or e-mail address given there
>
> I/We (\\*) hereby give notice that I/We (\\*) withdraw from my/our (\\*) contract of sale of the following goods (\\*)/for the provision of the following service (\\*),
>
> Ordered on (\\*)/received on (\\*),
>
> Name of consumer(s),
>
> Address of consumer(s),
>
> Signature of consumer(s) (only if this form is notified on paper),
>
> Date
>
> (\\*) Delete as appropriate.
`,
  },
  privacy: {
    title: "Privacy Policy",
    body: `This page says which personal data our shop keeps, why, for how long, who else sees it, and what you can ask of us. The shop is run by one person in Poland, who is responsible for your data (the "controller"): the seller named at the bottom of every page and in the Seller details below.

## What we keep and why

- **Your orders.** Your e-mail address, name and shipping address, what you ordered and paid, your message to the shop, and the order's history (paid, shipped, tracking number, refunds, cancellation or withdrawal). We need them to make and send your order and to answer your questions about it, and the law asks us to keep them for accounting.
- **Your account**, if you create one. Your e-mail address and name, your password (stored only as a one-way hash that nobody can read back), your saved shipping address, your favorites, your loyalty points and their history, the products you asked us to tell you about when they are back in stock, and whether you sign in with Google. If you turn on two-factor sign-in, we keep its secret key and your recovery codes (the codes only as hashes).
- **Sign-in history.** To protect accounts from password guessing we note failed sign-in attempts (the e-mail address typed and the network address) for 15 minutes. For each account we remember the network addresses it signed in from successfully, with the time of the last sign-in from each, so that a stranger's failed guesses cannot lock you out.
- **The e-mails we send you.** Every e-mail (order confirmations, payment and shipping notices, password resets, back-in-stock notices) is first written to an outbox in our database, so that none gets lost if the mail server is down for a while. The copy stays there with your order or account.
- **Payments.** We never see your card or bank details. PayPal tells us only that you paid, how much, and the payment's reference.

We do not use analytics, advertising or tracking of any kind, and we do not sell or share your data for marketing.

## Cookies

The shop sets only cookies that it needs to work:

- **__session**: keeps your cart (also when you are not signed in) and keeps you signed in. It lasts 30 days.
- **__toast**: carries a short notification, such as 'Added to cart', to the next page you see. It lasts 60 seconds.
- **__google_return**: only when you choose 'Continue with Google': remembers which page to bring you back to. It lasts 10 minutes.

All three are strictly necessary for something you asked for: a cart, a sign-in, a message about what you just did. The law does not ask for consent to such cookies, which is why there is no cookie banner. There are no advertising, analytics or other third-party cookies.

## Server logs and backups

- **Logs.** For every request the server writes a line: the time, the page asked for (without its query), the answer's status and how long it took. Passwords, tokens, cookies and addresses are removed before a line is written. The logs are kept for at most 30 days, to find and fix errors.
- **Backups.** Once a day we copy the shop's database, so that an accident cannot lose your order. We keep the last 7 daily and 4 weekly copies, so a copy is deleted after 5 weeks at most. Data you had us delete can stay in a backup until that copy is deleted; we only use backups to repair the shop.

## Who else sees your data

We use a few services that handle data for us:

- **PayPal** processes your payment. PayPal's own privacy statement covers your PayPal account.
- **Our e-mail provider** delivers the e-mails we send you.
- **Google**, only if you choose 'Continue with Google': Google tells us your e-mail address and name.
- **Our hosting provider** runs the server where the shop and its database live.
- **The postal services** see your name and address on the parcel, in Poland and in your country.

## How long we keep it

- Orders: 5 years, as Polish tax and accounting law requires. If you delete your account, your orders stay for that time, detached from the account.
- Your account and what belongs to it: until you delete it.
- Failed sign-in attempts: 15 minutes. Sessions: 30 days after your last visit.
- Logs: at most 30 days. Backups: at most 5 weeks.

## Your rights

- **See and take your data.** On [your data page](/account/data), 'Download my data' gives you everything we keep about your account in one file (JSON), which you can also take to another shop.
- **Delete your account.** On the same page, 'Delete my account' removes your account, its sessions, favorites, cart, loyalty history and back-in-stock requests. Orders are kept for 5 years for accounting, detached from the account; the links to them in your e-mails keep working.
- **Correct your data.** You can change your name, e-mail address and shipping address in your account's profile on [My Account](/account), or write to us.
- You may also ask us to restrict or stop using your data, or object to how we use it. If you ordered without an account, write to us and we will help.
- **Complain.** If you think we handle your data wrongly, you can complain to the Polish supervisory authority, the President of the Personal Data Protection Office (UODO), ul. Stawki 2, 00-193 Warszawa, Poland, [uodo.gov.pl](https://uodo.gov.pl). We would be glad to hear from you first.

## Contact

Write to us at the e-mail address in the Seller details below. We answer within a month at the latest, and usually within a few days.
`,
  },
  about: {
    title: "About the atelier",
    body: `Little Stitches Atelier is a one-person sewing team. Every dress, coat and tiny hat is drafted, cut and sewn by hand for 1:4 and 1:6 scale collectible dolls.

Orders ship from Poland by priority airmail and go out within {shippingTime}, carefully boxed and tracked. A made-to-order piece says on its page when it ships.

[Browse the shop](/shop) or read the [size guide](/size-guide).
`,
  },
  "size-guide": {
    title: "Size Guide",
    body: `## 1:4 scale (about 40-45 cm)

- Girl bodies: slim MSD-size bodies with a 13-15 cm waist.
- Boy bodies: MSD boy bodies and slim 1:4 youth bodies.

## 1:6 scale (about 26-30 cm)

- Girl bodies: standard fashion-doll bodies with a 9-10 cm waist.
- Boy bodies: standard 1:6 male fashion-doll bodies.

> A detailed visual guide is coming soon.
`,
  },
};

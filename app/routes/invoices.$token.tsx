import { type HeadersFunction, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InvoiceView } from "~/components/records/invoice-view";
import { type InvoiceSnapshot } from "~/domain/records/invoice-schemas";
import { invoiceByToken } from "~/domain/records/invoices.server";
import { db } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";

// The link is the key (it carries a buyer's name and address): never indexed, never stored by a cache.
export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data ? `Faktura / Invoice ${args.data.number}` : "Faktura / Invoice", noindex: true, canonical: false });

const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };

export const headers: HeadersFunction = () => PRIVATE;

/** /invoices/{token}: the invoice as issued; anyone holding the link may open it, an unknown token is 404. */
export async function loader({ params }: LoaderFunctionArgs) {
  const invoice = await invoiceByToken(db, params.token ?? "");
  if (!invoice) throw json({ message: "Invoice not found" }, { status: 404, headers: PRIVATE });
  return json<{ number: string; snapshot: InvoiceSnapshot }>(invoice, { headers: PRIVATE });
}

export default function InvoiceRoute() {
  return <InvoiceView s={useLoaderData<typeof loader>().snapshot} />;
}

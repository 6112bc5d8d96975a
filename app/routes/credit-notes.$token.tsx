import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CreditNotePage } from "~/components/records/credit-note";
import { creditNoteByToken } from "~/domain/records/credit-notes.server";
import { CREDIT_NOTE_LABELS } from "~/domain/records/credit-note-snapshot";
import { errorPageMeta } from "~/lib/meta";
import { db } from "~/lib/db.server";
import creditNoteStyles from "~/styles/credit-note.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: creditNoteStyles }];

export const meta: MetaFunction<typeof loader> = (args) => {
  const number = (args.data as { note?: { number: string } } | undefined)?.note?.number;
  return errorPageMeta(args, number ? `${CREDIT_NOTE_LABELS.title} ${number}` : "Not found");
};

/** GET /credit-notes/{token}: the credit note whose unguessable token this is, to whoever has the link (as the invoice's page); 404 else. */
export async function loader({ params }: LoaderFunctionArgs) {
  const note = await creditNoteByToken(db, params.token ?? "");
  const headers = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" };
  if (!note) throw json({ message: "Credit note not found" }, { status: 404, headers });
  return json({ note }, { headers });
}

export default function CreditNoteRoute() {
  const { note } = useLoaderData<typeof loader>();
  return <CreditNotePage note={note} />;
}

import { json, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OwnerPage, SellerSection } from "~/components/pages/owner-page";
import { getPage } from "~/domain/pages/pages.server";
import { db } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Privacy Policy", description: "Which personal data the shop keeps, why and for how long, the cookies it sets, and your rights." });

export async function loader() {
  const page = (await getPage(db, "privacy"))!;
  return json({ title: page.title, html: page.html });
}

export default function Privacy() {
  const { title, html } = useLoaderData<typeof loader>();
  return (
    <OwnerPage title={title} html={html}>
      <SellerSection />
    </OwnerPage>
  );
}

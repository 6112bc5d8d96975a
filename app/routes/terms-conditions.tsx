import { i18nOf } from "~/i18n/i18n.server";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OwnerPage, SellerSection } from "~/components/pages/owner-page";
import { sellerDetailsHtml } from "~/components/layout/layout-html.server";
import { getSellerIdentity } from "~/domain/legal/maker.server";
import { getPage } from "~/domain/pages/pages.server";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Terms & Conditions", description: "Payment, shipping, cancellation and returns." });

export async function loader({ request }: LoaderFunctionArgs) {
  const [page, seller] = await Promise.all([getPage(db, "terms-conditions"), getSellerIdentity(db, getEnv().SHOP_EMAIL)]);
  return json({ title: page!.title, html: page!.html, sellerHtml: sellerDetailsHtml(seller, i18nOf(request)) });
}

export default function Terms() {
  const { title, html, sellerHtml } = useLoaderData<typeof loader>();
  return (
    <OwnerPage title={title} html={html}>
      <SellerSection html={sellerHtml} />
    </OwnerPage>
  );
}

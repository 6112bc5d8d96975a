import { useI18n } from "~/i18n/context";

export type SellerIdentity = { legalName: string; address: string; email: string; phone: string; vatLine: string };

/**
 * The seller's legal identity as a contact block, `address` already on one line. Rendered on the
 * server only (layout-html.server.tsx): the footer, terms and privacy put in its HTML, so no
 * hydrated page's bundle carries it.
 */
export function SellerDetails({ seller, className }: { seller: SellerIdentity; className?: string }) {
  // The VAT line is the owner's own English text: another language's page says so.
  const { locale } = useI18n();
  return (
    <div className={className ?? "seller-details"}>
      <address>
        <span className="seller-name">{seller.legalName}</span>
        <br />
        {seller.address}
        <br />
        <a href={`mailto:${seller.email}`}>{seller.email}</a>
        {seller.phone ? (
          <>
            {" · "}
            <a href={`tel:${seller.phone.replace(/[^+\d]/g, "")}`}>{seller.phone}</a>
          </>
        ) : null}
        {seller.vatLine ? (
          <>
            <br />
            <span lang={locale === "en" ? undefined : "en"}>{seller.vatLine}</span>
          </>
        ) : null}
      </address>
    </div>
  );
}

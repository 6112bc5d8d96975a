import { addressOneLine } from "~/domain/legal/seller";

export type SellerIdentity = { legalName: string; address: string; email: string; phone: string; vatLine: string };

/** The seller's legal identity as a contact block (footer, terms, product page). */
export function SellerDetails({ seller, heading, className }: { seller: SellerIdentity; heading?: string; className?: string }) {
  return (
    <div className={className ?? "seller-details"}>
      {heading ? <p className="seller-heading">{heading}</p> : null}
      <address>
        <span className="seller-name">{seller.legalName}</span>
        <br />
        {addressOneLine(seller.address)}
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
            {seller.vatLine}
          </>
        ) : null}
      </address>
    </div>
  );
}

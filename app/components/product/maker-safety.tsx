import { OwnText } from "~/components/ui/own-text";

export interface ProductMaker {
  legalName: string;
  /** One line. */
  address: string;
  email: string;
  phone: string;
}

/**
 * What the product-safety rules want shown before purchase: the product's identifier and
 * materials, its safety notice and who makes it (the seller's legal name and postal address).
 * Its own markup rather than the footer's SellerDetails, a contact block that only the server
 * renders, as HTML (layout-html.server.tsx).
 */
export function MakerAndSafety({
  sku,
  materials,
  safetyNotice,
  maker,
  english = {},
}: {
  sku: string;
  materials: string;
  safetyNotice: string;
  maker: ProductMaker;
  /** On a Polish page: the texts shown in English for want of a Polish one (marked lang="en"). */
  english?: { materials?: boolean; safetyNotice?: boolean };
}) {
  return (
    <section className="details maker-safety" aria-labelledby="maker-safety-title">
      <h2 id="maker-safety-title">Maker &amp; Safety</h2>
      <dl className="product-facts">
        <div>
          <dt>SKU</dt>
          <dd className="product-sku">{sku}</dd>
        </div>
        {materials ? (
          <div>
            <dt>Materials</dt>
            <dd className="product-materials" lang={english.materials ? "en" : undefined}>
              {materials}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="safety-notice">
        <strong>Safety:</strong> <OwnText text={safetyNotice} english={english.safetyNotice} />
      </p>
      <div className="maker-details">
        <p className="maker-heading">Made and sold by</p>
        <address>
          <span className="maker-name">{maker.legalName}</span>
          <br />
          {maker.address}
          <br />
          <a href={`mailto:${maker.email}`}>{maker.email}</a>
          {maker.phone ? (
            <>
              {" · "}
              <a href={`tel:${maker.phone.replace(/[^+\d]/g, "")}`}>{maker.phone}</a>
            </>
          ) : null}
        </address>
      </div>
    </section>
  );
}

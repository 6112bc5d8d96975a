import { SellerDetails } from "~/components/layout/seller";

export interface ProductMaker {
  legalName: string;
  address: string;
  email: string;
  phone: string;
}

/**
 * What the product-safety rules want shown before purchase: the product's identifier and
 * materials, its safety notice and who makes it (the seller's legal name and postal address).
 */
export function MakerAndSafety({ sku, materials, safetyNotice, maker }: { sku: string; materials: string; safetyNotice: string; maker: ProductMaker }) {
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
            <dd className="product-materials">{materials}</dd>
          </div>
        ) : null}
      </dl>
      <p className="safety-notice">
        <strong>Safety:</strong> {safetyNotice}
      </p>
      <SellerDetails seller={{ ...maker, vatLine: "" }} heading="Made and sold by" className="seller-details maker-details" />
    </section>
  );
}

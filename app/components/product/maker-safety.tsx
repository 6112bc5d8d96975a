import { OwnText } from "~/components/ui/own-text";
import { useI18n } from "~/i18n/context";
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
  const { t } = useI18n();
  return (
    <section className="details maker-safety" aria-labelledby="maker-safety-title">
      <h2 id="maker-safety-title">{t("product.maker.title")}</h2>
      <dl className="product-facts">
        <div>
          <dt>{t("product.maker.sku")}</dt>
          <dd className="product-sku">{sku}</dd>
        </div>
        {materials ? (
          <div>
            <dt>{t("product.maker.materials")}</dt>
            <dd className="product-materials" lang={english.materials ? "en" : undefined}>
              {materials}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="safety-notice">
        <strong>{t("product.maker.safety")}</strong> <OwnText text={safetyNotice} english={english.safetyNotice} />
      </p>
      <div className="maker-details">
        <p className="maker-heading">{t("product.maker.by")}</p>
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

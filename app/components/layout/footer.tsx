import { type SellerIdentity, SellerDetails } from "~/components/layout/seller";
import { ShopLink } from "~/components/ui/shop-link";
import { PRIVACY_LINK_TEXT, WITHDRAW_LINK_TEXT } from "~/domain/legal/seller";
import { useI18n } from "~/i18n/context";

/**
 * What is inside every page's <footer>. Name, description and contact e-mail come from the shop's
 * settings (admin Settings tab); the seller's legal identity and the withdrawal link are on every
 * page, as EU rules for online shops require. Rendered on the server only (layout-html.server.tsx):
 * nothing in it needs the browser, and its links navigate through ShopLink's document listener.
 */
export function FooterContent({ email, name, description, seller }: { email: string; name: string; description: string; seller: SellerIdentity }) {
  const year = new Date().getFullYear();
  const { t, text, locale } = useI18n();
  return (
    <>
      <div className="footer-inner">
        <div>
          <p className="footer-brand">{name}</p>
          {/* The store's description is the owner's English setting. */}
          <p className="muted" lang={locale === "en" ? undefined : "en"}>
            {description}
          </p>
          <SellerDetails seller={seller} className="seller-details footer-seller" />
        </div>
        <nav aria-label={t("layout.footer.elsewhere")}>
          <ul className="footer-links">
            <li>
              <a href="https://www.etsy.com/shop/littlestitchesatelier" rel="noopener">
                {t("layout.footer.marketplace")}
              </a>
            </li>
            <li>
              <a href="https://www.instagram.com/littlestitchesatelier" rel="noopener">
                Instagram
              </a>
            </li>
            <li>
              <a href="https://www.pinterest.com/littlestitchesatelier" rel="noopener">
                Pinterest
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t("layout.footer.info")}>
          <ul className="footer-links">
            <li>
              <ShopLink to="/terms-conditions">{t("layout.footer.terms")}</ShopLink>
            </li>
            <li>
              <ShopLink to="/privacy">{text(PRIVACY_LINK_TEXT)}</ShopLink>
            </li>
            <li>
              <ShopLink to="/size-guide">{t("layout.sizeGuide")}</ShopLink>
            </li>
            <li>
              <ShopLink to="/withdrawal">{text(WITHDRAW_LINK_TEXT)}</ShopLink>
            </li>
            <li>
              <a href={`mailto:${email}`}>{t("layout.footer.contact", { email })}</a>
            </li>
          </ul>
        </nav>
      </div>
      {/* The year as written, not as a number with a thousands separator. */}
      <p className="copyright">{t("layout.footer.rights", { year: String(year), name })}</p>
    </>
  );
}

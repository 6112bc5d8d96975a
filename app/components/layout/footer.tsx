import { ShopLink } from "~/components/ui/shop-link";

/** Name, description and contact e-mail come from the shop's settings (admin Settings tab). */
export function Footer({ email, name, description }: { email: string; name: string; description: string }) {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div>
          <p className="footer-brand">{name}</p>
          <p className="muted">{description}</p>
        </div>
        <nav aria-label="Find us elsewhere">
          <ul className="footer-links">
            <li>
              <a href="https://www.etsy.com/shop/littlestitchesatelier" rel="noopener">
                Our marketplace shop
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
        <nav aria-label="Shop information">
          <ul className="footer-links">
            <li>
              <ShopLink to="/terms-conditions">Terms &amp; Conditions</ShopLink>
            </li>
            <li>
              <ShopLink to="/size-guide">Size Guide</ShopLink>
            </li>
            <li>
              <a href={`mailto:${email}`}>Contact: {email}</a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="copyright">
        © {year} {name}. All rights reserved.
      </p>
    </footer>
  );
}

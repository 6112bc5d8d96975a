import { useI18n } from "~/i18n/context";
import { type ReactNode } from "react";

/**
 * A page the owner writes (terms, privacy, about, size guide): her title and her Markdown,
 * rendered on the server with raw HTML off and links allow-listed (domain/pages/markdown.server.ts),
 * so the HTML is put in as it comes.
 */
export function OwnerPage({ title, html, lang, children }: { title: string; html: string; lang?: string; children?: ReactNode }) {
  // `lang`: the page's text is another language's (the English text while no Polish one is written).
  return (
    <div className="container narrow prose-page owner-page">
      <h1 lang={lang}>{title}</h1>
      <div className="owner-page-body" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />
      {children}
    </div>
  );
}

/** The seller's legal identity under a heading (terms, privacy), as HTML made by the loader. */
export function SellerSection({ html }: { html: string }) {
  const heading = useI18n().t("legal.sellerDetails");
  return (
    <section className="owner-page-seller" aria-labelledby="seller-section-title">
      <h2 id="seller-section-title">{heading}</h2>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

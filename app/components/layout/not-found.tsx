import { useI18n } from "~/i18n/context";
import { HISTORY_BACK_ATTRIBUTE } from "~/lib/behavior-contract";

/** The 404 view; the admin renders it too, so its own words are layout's and a page's come as props. */
export function NotFoundView({ title, text }: { title?: string; text?: string }) {
  const { t, path } = useI18n();
  return (
    <section className="empty-state">
      <p className="eyebrow">404</p>
      <h1>{title ?? t("layout.notFound.title")}</h1>
      <p>{text ?? t("layout.notFound.text")}</p>
      <div className="actions">
        <a className="button" href={path("/")}>
          {t("layout.goHome")}
        </a>
        <a className="button button-secondary" href={path("/shop")} {...{ [HISTORY_BACK_ATTRIBUTE]: "" }}>
          {t("layout.goBack")}
        </a>
      </div>
    </section>
  );
}

import { type MetaFunction } from "@remix-run/node";
import { useI18n } from "~/i18n/context";
import { i18nFor } from "~/i18n/i18n.server";
import { pageMeta, seoContext } from "~/lib/meta";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: i18nFor(seoContext(args.matches).locale ?? "en").t("catalogue.typography.title"), noindex: true });

export default function Typography() {
  const { t, rich, path } = useI18n();
  return (
    <div className="container narrow prose-page">
      <h1>{t("catalogue.typography.h1")}</h1>
      <h2>{t("catalogue.typography.h2")}</h2>
      <h3>{t("catalogue.typography.h3")}</h3>
      <p>
        {rich("catalogue.typography.body", {
          link: <a href={path("/shop")}>{t("catalogue.typography.link")}</a>,
          strong: <strong>{t("catalogue.typography.strong")}</strong>,
          em: <em>{t("catalogue.typography.em")}</em>,
        })}
      </p>
      <ul>
        <li>{t("catalogue.typography.item")}</li>
        <li>{t("catalogue.typography.item")}</li>
      </ul>
      <p className="note">{t("catalogue.typography.note")}</p>
      <p>
        <button type="button" className="button">
          {t("catalogue.typography.button")}
        </button>{" "}
        <button type="button" className="button button-secondary">
          {t("catalogue.typography.secondary")}
        </button>
      </p>
    </div>
  );
}

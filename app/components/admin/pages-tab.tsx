import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { formatSavedAt, LanguageSwitch } from "~/components/admin/page-editor";
import { errorFrom, useStoreReply, valueFrom } from "~/components/admin/store-parts";
import { Alert, Field } from "~/components/ui/field";
import { type HomeTexts } from "~/domain/pages/home";
import { SHIPPING_TIME_PLACEHOLDER } from "~/domain/orders/dispatch-time";
import type { PagesTabData } from "~/web/admin/pages-tab.server";
import { PAGE_INTENTS } from "~/domain/pages/slugs";
import { localizePath, LOCALE_NAMES } from "~/i18n/locales";

type TabData = SerializeFrom<PagesTabData>;

/** The admin's Pages tab: the pages the owner writes herself, and the home page's texts. */
export function PagesTab({ data }: { data: TabData }) {
  const language = LOCALE_NAMES[data.locale];
  const editUrl = (slug: string) => (data.locale === "en" ? `/admin/pages/${slug}` : `/admin/pages/${slug}?locale=${data.locale}`);
  return (
    <section className="store-tab" aria-labelledby="pages-title">
      <h2 id="pages-title">Pages</h2>
      <LanguageSwitch languages={data.languages} current={data.locale} label="Language of the pages" />
      <p className="muted small">
        Every save keeps the previous version: open a page to see its versions and restore one. Each language has its own text and versions; a page not written
        in a language yet shows its English text there.
      </p>
      <div className="store-table-wrap">
        <table className="store-table">
          <caption className="sr-only">The shop&rsquo;s pages</caption>
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Title</th>
              <th scope="col">Last saved</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.pages.map((p) => (
              <tr key={p.slug} data-testid={`page-row-${p.slug}`}>
                <th scope="row" data-label="Page">
                  <a href={localizePath(`/${p.slug}`, data.locale)}>{p.label}</a>
                </th>
                <td data-label="Title" lang={p.fallback ? "en" : data.locale}>
                  {p.title}
                </td>
                <td data-label="Last saved">
                  {p.fallback
                    ? `Not written in ${language} yet: the English text is shown`
                    : p.updatedAt
                      ? `${formatSavedAt(p.updatedAt)} by ${p.savedByEmail}`
                      : "Default text, not saved yet"}
                </td>
                <td className="row-actions">
                  <Link
                    to={editUrl(p.slug)}
                    className="button button-secondary button-small"
                    aria-label={data.locale === "en" ? `Edit ${p.label}` : `Edit ${p.label} (${language})`}
                  >
                    Edit
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <HomeForm data={data} />
    </section>
  );
}

type Key = keyof HomeTexts;

function HomeForm({ data }: { data: TabData }) {
  const { home, constraints, locale } = data;
  const reply = useStoreReply(PAGE_INTENTS.homeSave);
  const field = (name: Key, label: string, opts: { hint?: string; type?: string } = {}) => (
    <Field
      name={name}
      label={label}
      idPrefix="home-"
      type={opts.type ?? "text"}
      {...constraints[name]}
      hint={opts.hint}
      defaultValue={valueFrom(reply, name, home[name])}
      error={errorFrom(reply, name)}
    />
  );
  return (
    <section className="form-card" aria-labelledby="home-texts-title">
      <h3 id="home-texts-title">{locale === "en" ? "Home page" : `Home page (${LOCALE_NAMES[locale]})`}</h3>
      <p className="muted small">
        The texts of the <a href={localizePath("/", locale)}>home page</a>. A claim about reviews must say where they can be read. Write{" "}
        <code>{SHIPPING_TIME_PLACEHOLDER}</code> where the dispatch time of Settings belongs.
      </p>
      {data.homeFallback ? (
        <p className="muted small">Not written in {LOCALE_NAMES[locale]} yet: the shop shows the English texts there, filled in below to translate.</p>
      ) : null}
      {reply ? <Alert title="Home page texts not saved">Please correct the fields below.</Alert> : null}
      <Form
        method="post"
        action={locale === "en" ? "/admin?tab=pages" : `/admin?tab=pages&locale=${locale}`}
        className="form-stack"
        key={`${locale}:${JSON.stringify(reply?.result?.initialValue ?? null)}`}
      >
        <input type="hidden" name="intent" value={PAGE_INTENTS.homeSave} />
        <input type="hidden" name="locale" value={locale} />
        <fieldset className="form-stack">
          <legend>Hero</legend>
          {field("heroTitle", "Hero title")}
          {field("heroLine", "Hero line")}
        </fieldset>
        <fieldset className="form-stack">
          <legend>Shipping banner</legend>
          {field("shippingTitle", "Banner headline", { hint: "Shown in bold." })}
          {field("shippingText", "Banner text")}
        </fieldset>
        {([1, 2, 3] as const).map((n) => (
          <fieldset className="form-stack" key={n}>
            <legend>{["First", "Second", "Third"][n - 1]} value</legend>
            {field(`value${n}Title`, `Value ${n} title`)}
            {field(`value${n}Text`, `Value ${n} text`)}
          </fieldset>
        ))}
        <fieldset className="form-stack">
          <legend>Reviews</legend>
          {field("reviewsClaim", "Reviews claim", {
            hint: "The words of a value text the source link follows, e.g. '2,000+ five-star reviews'. Leave empty for no claim.",
          })}
          {field("reviewsSourceUrl", "Source link (web address)", { type: "url", hint: "Where the reviews can be read." })}
          {field("reviewsSourceLabel", "Source link text", { hint: "e.g. 'on our marketplace shop'." })}
        </fieldset>
        <button type="submit" className="button">
          Save Home Page
        </button>
      </Form>
    </section>
  );
}

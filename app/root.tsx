import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useRouteError,
  useHref,
  useRouteLoaderData,
  type ClientLoaderFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { Header } from "~/components/layout/header";
import { NotFoundView } from "~/components/layout/not-found";
import { ToastRegion, useFlashToast } from "~/components/ui/toaster";
import { useBehaviors } from "~/components/ui/use-behaviors";
import { CHROME_BEHAVIORS } from "~/browser/chrome";
import { getCart } from "~/domain/cart/cart.server";
import { buildMenuTree, listCategories } from "~/domain/catalogue/categories.server";
import { countFavorites } from "~/domain/catalogue/favorites.server";
import { getCartOwner } from "~/web/cart-owner.server";
import { getOptionalUser } from "~/web/session.server";
import { getToast } from "~/web/toast.server";
import { db } from "~/lib/db.server";
import { getStoreSettings } from "~/domain/common/settings.server";
import { footerHtml } from "~/components/layout/layout-html.server";
import { getSellerIdentity } from "~/domain/legal/maker.server";
import { getBrowserModuleSrc } from "~/lib/browser-module.server";
import { getEnv } from "~/lib/env.server";
import { isAdminAreaPath, isLeanPath } from "~/lib/lean-page";
import { AdminChrome } from "~/components/admin/admin-layout";
import { loadAdminChrome } from "~/web/admin/admin-chrome.server";
import { STORAGE_FAULT_TEXT } from "~/lib/storage-fault";
import { pageMeta } from "~/lib/meta";
import { useNonce } from "~/lib/nonce";
import { useI18n } from "~/i18n/context";
import { ProductListQuerySchema } from "~/domain/catalogue/schemas";
import { formConstraints } from "~/web/form-constraints.server";
import { type ReactNode } from "react";
import { chromeI18n, I18nProvider, type ShopI18n } from "~/i18n/context";
import { chromeMessages } from "~/i18n/catalogue.server";
import { i18nFor, localeOf } from "~/i18n/i18n.server";
import { pageRate } from "~/web/page-i18n.server";
import { languageCookie, languageHint } from "~/i18n/language-cookie.server";
import { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES, localizePath, stripLocale, type Locale } from "~/i18n/locales";
import adminStyles from "~/styles/admin.css";
import styles from "~/styles/shop.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Pages without a meta of their own (redirect-only routes, the root error page): the store name and description. */
export const meta: MetaFunction = (args) => pageMeta(args, { title: "" });

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = localeOf(request);
  const [user, owner, categories, toast, store, seller] = await Promise.all([
    getOptionalUser(request),
    getCartOwner(request),
    listCategories(db, locale),
    getToast(request),
    getStoreSettings(db, getEnv().SHOP_EMAIL),
    getSellerIdentity(db, getEnv().SHOP_EMAIL),
  ]);
  const [cart, favoritesCount] = await Promise.all([getCart(db, owner, locale), user ? countFavorites(db, user.id) : 0]);
  const headers = new Headers();
  if (toast.setCookie) headers.append("Set-Cookie", toast.setCookie);
  const lean = isLeanPath(stripLocale(new URL(request.url).pathname));
  // A shopper's page remembers its language; the admin's pages are English and change nothing.
  // A first visit in English by a browser that prefers Polish: a one-line pointer, never a redirect.
  const hint = lean ? languageHint(request, locale) : null;
  const setLanguage = lean ? languageCookie(request, locale, { hinted: hint !== null }) : null;
  if (setLanguage) headers.append("Set-Cookie", setLanguage);
  // An admin's page: what waits for her, and the second-factor reminder once per sign-in.
  const admin = lean ? { data: null, setCookie: null } : await loadAdminChrome(db, request, user);
  if (admin.setCookie) headers.append("Set-Cookie", admin.setCookie);
  // The indicative złoty amounts of Polish pages: the newest stored bank rate, from memory.
  // Only the rate itself goes into the page's data; without a stored rate the złoty line is absent.
  const plnRate = await pageRate(request);
  // Every page shows the visitor's own cart and notifications: never shared by caches.
  headers.set("Cache-Control", owner || user ? "private, no-store" : "no-cache");
  return json(
    {
      user,
      cart,
      favoritesCount,
      menu: buildMenuTree(categories),
      toast: toast.toast,
      shopEmail: store.email,
      storeName: store.name,
      storeDescription: store.description,
      searchConstraint: formConstraints(ProductListQuerySchema).search,
      // Every page's footer, seller's identity included (EU e-commerce rules), as HTML: it never
      // changes in the browser, so its component stays out of every hydrated page's bundle.
      footerHtml: footerHtml({ email: store.email, name: store.name, description: store.description, seller }, i18nFor(locale, plnRate)),
      // Public origin for canonical URLs, og:url/og:image and JSON-LD (app/lib/meta.ts).
      origin: getEnv().APP_URL,
      // The lean pages' browser module (lib/lean-page.ts).
      browserModule: getBrowserModuleSrc(),
      // PayPal is the emulator: every page says payments are simulated.
      simulatedPayments: getEnv().PAYPAL_MODE === "emulator",
      locale,
      plnRate,
      languageHint: hint,
      // The hydrated admin renders the shop's header in the browser: its English words, as strings.
      chrome: lean ? null : chromeMessages(),
      admin: admin.data,
    },
    { headers },
  );
}

/**
 * The hydrated admin going to a shopper's page (a link, a redirect after a form) loads it as a
 * document: a lean page is always the server's HTML plus the browser module, never a React
 * render in the browser. The root revalidates on such a navigation so that this runs.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ nextUrl, defaultShouldRevalidate }) =>
  isLeanPath(nextUrl.pathname) ? true : defaultShouldRevalidate;

export function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  if (!isLeanPath(new URL(request.url).pathname)) return serverLoader<typeof loader>();
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

export type RootData = ReturnType<typeof useLoaderData<typeof loader>>;

/** Pages without a headers function of their own use this one: the root's cache policy and every cookie set. */
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const out = new Headers();
  for (const h of [actionHeaders, loaderHeaders]) {
    for (const cookie of h.getSetCookie?.() ?? []) out.append("Set-Cookie", cookie);
  }
  out.set("Cache-Control", loaderHeaders.get("Cache-Control") ?? "no-cache");
  return out;
};

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Lean pages (lib/lean-page.ts): no React/Remix client, the shop's browser module instead.
  const lean = isLeanPath(useLocation().pathname);
  const data = useRouteLoaderData<typeof loader>("root");
  const browserModule = data?.browserModule;
  const i18n = usePageI18n(data);
  return (
    <I18nProvider value={i18n}>
      <html lang={i18n.locale}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content="#faf7f4" />
          <Meta />
          <Links />
          {/* The admin's styles go with its React app: only on hydrated pages, after the shop's. */}
          {lean ? null : <link rel="stylesheet" href={adminStyles} />}
        </head>
        <body>
          <a className="skip-link" href="#main">
            {i18n.t("layout.skipToContent")}
          </a>
          {children}
          {lean ? (
            browserModule ? (
              <script type="module" src={browserModule} nonce={nonce} />
            ) : null
          ) : (
            <>
              <ScrollRestoration nonce={nonce} />
              <Scripts nonce={nonce} />
            </>
          )}
        </body>
      </html>
    </I18nProvider>
  );
}

/**
 * The page's words in its language: built on the server for every page; in the browser only the
 * hydrated admin renders, in English, with the chrome's messages its loader handed over.
 */
function usePageI18n(data: RootData | undefined): ShopI18n {
  // Without the root's data (it failed), the basename Remix matched tells the language.
  const base = useHref("/");
  const locale: Locale = isLocale(data?.locale) ? data.locale : (LOCALES.find((l) => l !== DEFAULT_LOCALE && base === `/${l}`) ?? DEFAULT_LOCALE);
  if (typeof document !== "undefined") return chromeI18n(data?.chrome ?? {});
  return i18nFor(locale, data?.plnRate ?? null);
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  useFlashToast(data.toast);
  return (
    <ShopChrome data={data} toast={data.toast} banner={data.simulatedPayments ? <DemoBanner /> : null}>
      <Outlet />
    </ShopChrome>
  );
}

function DemoBanner() {
  return <p className="demo-banner">{useI18n().t("layout.demoBanner")}</p>;
}

/** The same page in the other language: the plain link every shopper's page carries. */
function useOtherLanguage(): { href: string; label: string; locale: Locale } {
  const { locale } = useI18n();
  const location = useLocation();
  const other = LOCALES.find((l) => l !== locale) ?? DEFAULT_LOCALE;
  return { href: localizePath(`${location.pathname}${location.search}`, other), label: LOCALE_NAMES[other], locale: other };
}

/** Header, main and footer around a page, and around the error page. */
function ShopChrome({
  data,
  toast,
  banner,
  children,
}: {
  data: NonNullable<RootData>;
  toast: NonNullable<RootData>["toast"] | null;
  banner?: ReactNode;
  children: ReactNode;
}) {
  // Lean pages never run this; the hydrated admin runs the same behaviours as they do.
  useBehaviors(CHROME_BEHAVIORS);
  const otherLanguage = useOtherLanguage();
  const adminArea = isAdminAreaPath(useLocation().pathname);
  // The admin's pages have a frame of their own: no shop header, footer or banners.
  if (adminArea) {
    return (
      <AdminChrome storeName={data.storeName} admin={data.admin} signedIn={data.user !== null} toast={toast}>
        {children}
      </AdminChrome>
    );
  }
  return (
    <>
      {banner}
      {data.languageHint ? (
        <p className="language-hint" lang={data.languageHint.locale}>
          {data.languageHint.text}{" "}
          <a href={otherLanguage.href} hrefLang={otherLanguage.locale}>
            {otherLanguage.label}
          </a>
        </p>
      ) : null}
      <Header
        user={data.user}
        cart={data.cart}
        favoritesCount={data.favoritesCount}
        menu={data.menu}
        storeName={data.storeName}
        searchConstraint={data.searchConstraint}
        otherLanguage={otherLanguage}
      />
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer" dangerouslySetInnerHTML={{ __html: data.footerHtml }} />
      <ToastRegion initial={toast} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const { t, text } = useI18n();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  // A write the database refused (503) says so calmly.
  const cannotSave = isRouteErrorResponse(error) && error.status === 503 && error.data?.message === STORAGE_FAULT_TEXT.message;
  // A refusal (4xx) says what the server said (the domain's English, in the page's language); anything else stays generic.
  const [title, message] = cannotSave
    ? [text(STORAGE_FAULT_TEXT.title), text(STORAGE_FAULT_TEXT.page)]
    : isRouteErrorResponse(error) && error.status < 500
      ? [
          error.status === 403 ? t("layout.error.refused") : t("layout.error.notRight"),
          typeof error.data?.message === "string" ? text(error.data.message) : t("layout.error.goBackRetry"),
        ]
      : [t("layout.error.wrong"), t("layout.error.retryLater")];
  const body = notFound ? (
    <NotFoundView />
  ) : (
    <section className="empty-state">
      <h1>{title}</h1>
      <p>{message}</p>
      <Link className="button" to="/">
        {t("layout.goHome")}
      </Link>
    </section>
  );
  if (!data) {
    return (
      <main id="main" className="main" tabIndex={-1}>
        {body}
      </main>
    );
  }
  return (
    <ShopChrome data={data} toast={null}>
      {body}
    </ShopChrome>
  );
}

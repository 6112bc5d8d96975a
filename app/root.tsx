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
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { NotFoundView } from "~/components/layout/not-found";
import { useShopNavigation } from "~/components/ui/shop-link";
import { ToastProvider } from "~/components/ui/toaster";
import { getCart } from "~/domain/cart/cart.server";
import { buildMenuTree, listCategories } from "~/domain/catalogue/categories.server";
import { countFavorites } from "~/domain/catalogue/favorites.server";
import { getCartOwner, getOptionalUser, getToast } from "~/domain/auth/guards.server";
import { db } from "~/lib/db.server";
import { getLegalSettings, getStoreSettings } from "~/domain/common/settings.server";
import { getBrowserModuleSrc } from "~/lib/browser-module.server";
import { getEnv } from "~/lib/env.server";
import { isLeanMatch, isLeanPath } from "~/lib/lean-page";
import { pageMeta } from "~/lib/meta";
import { useNonce } from "~/lib/nonce";
import styles from "~/styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Pages without a meta of their own (redirect-only routes, the root error page): the store name and description. */
export const meta: MetaFunction = (args) => pageMeta(args, { title: "" });

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, owner, categories, toast, store, legal] = await Promise.all([
    getOptionalUser(request),
    getCartOwner(request),
    listCategories(db),
    getToast(request),
    getStoreSettings(db, getEnv().SHOP_EMAIL),
    getLegalSettings(db, getEnv().SHOP_EMAIL),
  ]);
  const [cart, favoritesCount] = await Promise.all([getCart(db, owner), user ? countFavorites(db, user.id) : 0]);
  const headers = new Headers();
  if (toast.setCookie) headers.append("Set-Cookie", toast.setCookie);
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
      // The seller's identity: every page's footer names her (EU e-commerce rules).
      seller: { legalName: legal.legalName, address: legal.address, email: legal.email, phone: legal.phone, vatLine: legal.vatLine },
      // Public origin for canonical URLs, og:url/og:image and JSON-LD (app/lib/meta.ts).
      origin: getEnv().APP_URL,
      // The lean pages' browser module (lib/lean-page.ts).
      browserModule: getBrowserModuleSrc(),
      // PayPal is the emulator: every page says payments are simulated.
      simulatedPayments: getEnv().PAYPAL_MODE === "emulator",
    },
    { headers },
  );
}

/**
 * A React page going to a lean page loads it as a document (lib/lean-route.ts), which reads the
 * root's data itself: fetching it here too would take the notification a redirect just left.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ nextUrl, defaultShouldRevalidate }) =>
  isLeanPath(nextUrl.pathname) ? false : defaultShouldRevalidate;

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
  const lean = isLeanMatch(useMatches());
  const browserModule = useRouteLoaderData<typeof loader>("root")?.browserModule;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#faf7f4" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        {lean ? (
          browserModule ? <script type="module" src={browserModule} nonce={nonce} /> : null
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  useShopNavigation();
  return (
    <ToastProvider initial={data.toast}>
      {data.simulatedPayments ? <p className="demo-banner">Demonstration shop: payments are simulated and nothing is charged.</p> : null}
      <Header user={data.user} cart={data.cart} favoritesCount={data.favoritesCount} menu={data.menu} storeName={data.storeName} />
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer email={data.shopEmail} name={data.storeName} description={data.storeDescription} seller={data.seller} />
    </ToastProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  const body = notFound ? (
    <NotFoundView />
  ) : isRouteErrorResponse(error) && error.status < 500 ? (
    <section className="empty-state">
      <h1>{error.status === 403 ? "Request refused" : "Something is not right"}</h1>
      <p>{typeof error.data?.message === "string" ? error.data.message : "Please go back and try again."}</p>
      <Link className="button" to="/">
        Go Home
      </Link>
    </section>
  ) : (
    <section className="empty-state">
      <h1>Something went wrong</h1>
      <p>Please try again in a moment.</p>
      <Link className="button" to="/">
        Go Home
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
    <ToastProvider initial={null}>
      <Header user={data.user} cart={data.cart} favoritesCount={data.favoritesCount} menu={data.menu} storeName={data.storeName} />
      <main id="main" className="main" tabIndex={-1}>
        {body}
      </main>
      <Footer email={data.shopEmail} name={data.storeName} description={data.storeDescription} seller={data.seller} />
    </ToastProvider>
  );
}

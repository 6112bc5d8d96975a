import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { FavoritesTab } from "~/components/account/favorites-tab";
import { ACCOUNT_INTENTS as INTENTS, ACCOUNT_TABS as TABS, type AccountTab as Tab, FAVORITES_URL, PROFILE_URL } from "~/components/account/links";
import { type AccountLoyalty, LoyaltyTab } from "~/components/account/loyalty-tab";
import { type AccountOrder, OrdersTab } from "~/components/account/orders-tab";
import { type EmailProof, ProfileForm, type ProfileReply, type ProfileValues, ProfileView } from "~/components/account/profile-tab";
import { type CardProduct } from "~/components/product/product-card";
import { type ToastMessage } from "~/components/ui/toaster";
import { getProfile, updateProfile } from "~/domain/auth/accounts.server";
import { emailChangeRequestedNotice, getPendingEmail } from "~/domain/auth/email-tokens.server";
import { hasSecondFactor } from "~/domain/auth/totp.server";
import { redirectWithToast } from "~/web/toast.server";
import { AUTH_TOAST_TEXT, updateFailed } from "~/domain/auth/texts";
import { PROFILE_FIELDS } from "~/domain/auth/profile-fields";
import { ProfileSchema } from "~/domain/auth/schemas";
import { CART_TOAST_TEXT } from "~/domain/cart/texts";
import { FavoriteSchema } from "~/domain/cart/schemas";
import { toCardProduct } from "~/domain/catalogue/cards";
import { listFavorites, removeFavorite } from "~/domain/catalogue/favorites.server";
import { countryOptions } from "~/domain/common/countries";
import { listShippedCountries } from "~/domain/shipping/zones.server";
import { DomainError } from "~/domain/common/errors";
import { respond } from "~/web/respond.server";
import { getLoyaltyConfig, listLoyaltyHistory } from "~/domain/loyalty/loyalty.server";
import { redeemableDiscounts } from "~/domain/loyalty/rules";
import { listOrdersForUser } from "~/domain/orders/orders.server";
import { db } from "~/lib/db.server";
import { jsonError, readFormData } from "~/web/http.server";
import { loginRedirect, requireUser } from "~/web/guards.server";
import type { loader as rootLoader } from "~/root";
import { pageMeta } from "~/lib/meta";
import { formConstraints } from "~/web/form-constraints.server";
import { TAB_LINK, tabBar } from "~/lib/behavior-contract";
import { useI18n } from "~/i18n/context";
import { metaI18n, pageToast } from "~/web/auth/page-language.server";
import { localeOf } from "~/i18n/i18n.server";
import { countryOptionsIn } from "~/i18n/countries";

const REMOVE_FAILED: ToastMessage = { title: "Failed to remove from favorites.", type: "error" };

interface AccountData {
  /** Null only if the loader ever lets a guest through: the page then shows 'Please Log In'. */
  user: { firstName: string; email: string } | null;
  tab: Tab;
  editing: boolean;
  orders: AccountOrder[] | null;
  favorites: { productId: number; product: CardProduct }[] | null;
  profile: ProfileValues | null;
  emailProof: EmailProof;
  pendingEmail: string | null;
  loyalty: AccountLoyalty | null;
}

export const meta: MetaFunction = (args) => pageMeta(args, { title: metaI18n(args.matches).t("account.title"), noindex: true });

function toTab(value: string | null): Tab {
  return TABS.find((t) => t.id === value)?.id ?? "orders";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, () => redirect("/"));
  const url = new URL(request.url);
  const tab = toTab(url.searchParams.get("tab"));
  // Only the current tab's data is read.
  const [orders, favorites, profile, loyalty, totpOn, pendingEmail] = await Promise.all([
    tab === "orders" ? listOrdersForUser(db, user.id) : null,
    tab === "favorites" ? listFavorites(db, user.id, localeOf(request)) : null,
    tab === "profile" ? getProfile(db, user.id) : null,
    tab === "loyalty" ? Promise.all([getLoyaltyConfig(db), listLoyaltyHistory(db, user.id)]) : null,
    tab === "profile" ? hasSecondFactor(db, user.id) : false,
    tab === "profile" ? getPendingEmail(db, user.id) : null,
  ]);
  const data: AccountData = {
    user: { firstName: user.firstName, email: user.email },
    tab,
    editing: tab === "profile" && url.searchParams.get("edit") === "1",
    orders: orders?.map(({ id, status, totalCents, createdAt, confirmationToken }) => ({ id, status, totalCents, createdAt, confirmationToken })) ?? null,
    favorites: favorites?.map((f) => ({ productId: f.productId, product: toCardProduct(f.product) })) ?? null,
    profile: profile ? (Object.fromEntries(PROFILE_FIELDS.map((f) => [f.name, profile[f.name] ?? null])) as ProfileValues) : null,
    emailProof: totpOn ? "code" : profile?.hasPassword ? "password" : "none",
    pendingEmail,
    loyalty: loyalty
      ? {
          points: user.loyaltyPoints,
          redeemable: redeemableDiscounts(user.loyaltyPoints, loyalty[0]),
          config: loyalty[0],
          history: loyalty[1].map(({ id, eventType, description, points, pointsAfter, createdAt }) => ({
            id,
            eventType,
            description,
            points,
            pointsAfter,
            createdAt,
          })),
        }
      : null,
  };
  // The countries the shop ships to, and the profile's own even when it no longer does.
  const shipped = tab === "profile" ? await listShippedCountries(db) : [];
  const own = profile?.shippingCountry;
  const countries = own && !shipped.some((c) => c.code === own) ? countryOptions([...shipped.map((c) => c.code), own]) : shipped;
  return json({ ...data, countries: countryOptionsIn(countries, localeOf(request)), profileConstraints: formConstraints(ProfileSchema) });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const user = await requireUser(request, () => loginRedirect("/account"));
  switch (formData.get("intent")) {
    case INTENTS.updateProfile:
      return saveProfile(request, user.id, formData);
    case INTENTS.removeFavorite:
      return removeFavoriteFromAccount(request, user.id, formData);
    default:
      return jsonError("Unknown action", 400);
  }
}

async function saveProfile(request: Request, userId: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ProfileSchema });
  if (submission.status !== "success") {
    return json<ProfileReply>({ intent: INTENTS.updateProfile, result: submission.reply(), failure: null }, { status: 400 });
  }
  const hidden = { hideFields: ["currentPassword", "code"] };
  let pendingEmail: string | null;
  try {
    ({ pendingEmail } = await updateProfile(db, userId, submission.value));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json<ProfileReply>(
      { intent: INTENTS.updateProfile, result: submission.reply({ ...error.toConform(), ...hidden }), failure: updateFailed(error.message) },
      { status: error.status },
    );
  }
  const asked = pendingEmail !== null && pendingEmail === submission.value.email.trim().toLowerCase();
  return redirectWithToast(
    PROFILE_URL,
    pageToast(
      request,
      asked && pendingEmail ? { ...AUTH_TOAST_TEXT.profileUpdated, description: emailChangeRequestedNotice(pendingEmail) } : AUTH_TOAST_TEXT.profileUpdated,
    ),
  );
}

/** Removes (never toggles), so a second press or a stale page cannot add the favorite back. */
async function removeFavoriteFromAccount(request: Request, userId: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: FavoriteSchema });
  if (submission.status !== "success") {
    return respond(request, { redirectTo: FAVORITES_URL, toast: pageToast(request, REMOVE_FAILED), status: 400 });
  }
  await removeFavorite(db, userId, submission.value.productId);
  return respond(request, { redirectTo: FAVORITES_URL, toast: pageToast(request, CART_TOAST_TEXT.favoriteRemoved) });
}

export default function AccountPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<ProfileReply>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { t, rich } = useI18n();

  if (!data.user) {
    return (
      <div className="container">
        <section className="empty-state">
          <h1>{t("account.pleaseLogIn")}</h1>
          <p>{t("account.needLogIn")}</p>
          <Link to="/login" className="button">
            {t("account.logIn")}
          </Link>
        </section>
      </div>
    );
  }

  const profileReply = actionData && "intent" in actionData && actionData.intent === INTENTS.updateProfile ? actionData : null;
  const shopEmail = root?.shopEmail ?? "hello@example.com";
  return (
    <div className="container account-page">
      <div className="page-head">
        <h1>{t("account.title")}</h1>
        <p className="muted">
          {t("account.signedInAs", {
            who: data.user.firstName ? `${data.user.firstName} (${data.user.email})` : data.user.email,
          })}
        </p>
      </div>
      <div className="alert alert-info account-welcome">
        <p className="alert-title">{t("account.welcomeTitle")}</p>
        <p>{rich("account.welcomeText", { email: <a href={`mailto:${shopEmail}`}>{shopEmail}</a> })}</p>
      </div>
      {/* Tabs swap this element in place (browser/behaviors/tabs.ts): the bar's current tab and the panel change together. */}
      <div id="account-panel">
        <nav className="tabs" aria-label={t("account.sections")} {...tabBar("account-panel")}>
          {TABS.map((tab) => (
            <Link key={tab.id} to={`/account?tab=${tab.id}`} aria-current={tab.id === data.tab ? "page" : undefined} prefetch="none" {...TAB_LINK}>
              {t(`account.tab.${tab.id}`)}
            </Link>
          ))}
          <Link to="/account/security" prefetch="none">
            {t("account.securityLink")}
          </Link>
          <Link to="/account/data" prefetch="none">
            {t("account.dataLink")}
          </Link>
        </nav>
        {data.tab === "orders" && data.orders ? <OrdersTab orders={data.orders} /> : null}
        {data.tab === "favorites" && data.favorites ? <FavoritesTab favorites={data.favorites} /> : null}
        {data.tab === "profile" && data.profile ? (
          data.editing || profileReply ? (
            <ProfileForm
              profile={data.profile}
              reply={profileReply}
              countries={data.countries}
              emailProof={data.emailProof}
              constraints={data.profileConstraints}
            />
          ) : (
            <ProfileView profile={data.profile} countries={data.countries} pendingEmail={data.pendingEmail} />
          )
        ) : null}
        {data.tab === "loyalty" && data.loyalty ? <LoyaltyTab loyalty={data.loyalty} /> : null}
      </div>
    </div>
  );
}

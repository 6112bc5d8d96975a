import { Fragment } from "react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { type CardProduct, ProductCard } from "~/components/product/product-card";
import { Alert, Field } from "~/components/ui/field";
import { useToastEffect, type ToastMessage } from "~/components/ui/toaster";
import { getProfile, updateProfile } from "~/domain/auth/accounts.server";
import { emailChangeRequestedNotice, getPendingEmail } from "~/domain/auth/email-tokens.server";
import { hasSecondFactor } from "~/domain/auth/totp.server";
import { getOptionalUser, redirectWithToast } from "~/web/guards.server";
import { AUTH_MESSAGES, updateFailed } from "~/domain/auth/messages";
import { PROFILE_FIELDS, type ProfileFieldName } from "~/domain/auth/profile-fields";
import { ProfileSchema } from "~/domain/auth/schemas";
import { MESSAGES } from "~/domain/cart/messages";
import { FavoriteSchema } from "~/domain/cart/schemas";
import { toCardProduct } from "~/domain/catalogue/cards";
import { listFavorites, removeFavorite } from "~/domain/catalogue/favorites.server";
// The country list comes with the loader data, so it is not in the page's JavaScript (budget).
import { COUNTRIES } from "~/domain/common/countries";
import { DomainError } from "~/domain/common/errors";
import { respond } from "~/web/respond.server";
import { getLoyaltyConfig, listLoyaltyHistory } from "~/domain/loyalty/loyalty.server";
import { LOYALTY_EVENT_LABELS, type LoyaltyConfig, type LoyaltyEventType, redeemableDiscounts } from "~/domain/loyalty/rules";
import { listOrdersForUser } from "~/domain/orders/orders.server";
import { orderStatusLabel } from "~/domain/orders/status";
import { db } from "~/lib/db.server";
import { jsonError, readFormData } from "~/web/http.server";
import { formatMoney } from "~/lib/money";
import type { loader as rootLoader } from "~/root";
import { pageMeta } from "~/lib/meta";

const TABS = [
  { id: "orders", label: "Orders" },
  { id: "favorites", label: "Favorites" },
  { id: "profile", label: "Profile" },
  { id: "loyalty", label: "Loyalty Points" },
] as const;
type Tab = (typeof TABS)[number]["id"];

const INTENTS = { updateProfile: "update-profile", removeFavorite: "remove-favorite" } as const;

const PROFILE_URL = "/account?tab=profile";
const PROFILE_EDIT_URL = "/account?tab=profile&edit=1";
const FAVORITES_URL = "/account?tab=favorites";
const REMOVE_FAILED: ToastMessage = { title: "Failed to remove from favorites.", type: "error" };

type ProfileValues = Record<ProfileFieldName, string | null>;

interface AccountData {
  /** Null only if the loader ever lets a guest through: the page then shows 'Please Log In'. */
  user: { firstName: string; email: string } | null;
  tab: Tab;
  editing: boolean;
  orders: { id: number; status: string; totalCents: number; createdAt: string; confirmationToken: string }[] | null;
  favorites: { productId: number; product: CardProduct }[] | null;
  profile: ProfileValues | null;
  /** What an e-mail change asks for: the password, a code from the second factor, or nothing possible yet (Google only). */
  emailProof: "password" | "code" | "none";
  pendingEmail: string | null;
  loyalty: {
    points: number;
    redeemable: number;
    config: LoyaltyConfig;
    history: { id: number; eventType: LoyaltyEventType; description: string; points: number; pointsAfter: number; createdAt: string }[];
  } | null;
}

/** What a failed profile save sends back: Conform's reply (submitted values and field errors) and the alert. */
interface ProfileActionData {
  intent: typeof INTENTS.updateProfile;
  result: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null | undefined> | null };
  failure: ToastMessage | null;
}

/** A fetch (JavaScript) removal that failed answers this; plain forms get a redirect with the toast. */
interface RemoveActionData {
  ok: boolean;
  error?: ToastMessage | null;
}

export const meta: MetaFunction = (args) => pageMeta(args, { title: "My Account", noindex: true });

function toTab(value: string | null): Tab {
  return TABS.find((t) => t.id === value)?.id ?? "orders";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) throw redirect("/");
  const url = new URL(request.url);
  const tab = toTab(url.searchParams.get("tab"));
  // Only the current tab's data is read.
  const [orders, favorites, profile, loyalty, totpOn, pendingEmail] = await Promise.all([
    tab === "orders" ? listOrdersForUser(db, user.id) : null,
    tab === "favorites" ? listFavorites(db, user.id) : null,
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
    profile: profile
      ? (Object.fromEntries(PROFILE_FIELDS.map((f) => [f.name, profile[f.name] ?? null])) as ProfileValues)
      : null,
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
  return json({ ...data, countries: COUNTRIES });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const user = await getOptionalUser(request);
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent("/account")}`);
  switch (formData.get("intent")) {
    case INTENTS.updateProfile:
      return saveProfile(user.id, formData);
    case INTENTS.removeFavorite:
      return removeFavoriteFromAccount(request, user.id, formData);
    default:
      return jsonError("Unknown action", 400);
  }
}

async function saveProfile(userId: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ProfileSchema });
  if (submission.status !== "success") {
    return json<ProfileActionData>({ intent: INTENTS.updateProfile, result: submission.reply(), failure: null }, { status: 400 });
  }
  const hidden = { hideFields: ["currentPassword", "code"] };
  let pendingEmail: string | null;
  try {
    ({ pendingEmail } = await updateProfile(db, userId, submission.value));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json<ProfileActionData>(
      { intent: INTENTS.updateProfile, result: submission.reply({ ...error.toConform(), ...hidden }), failure: updateFailed(error.message) },
      { status: error.status },
    );
  }
  const asked = pendingEmail !== null && pendingEmail === submission.value.email.trim().toLowerCase();
  return redirectWithToast(PROFILE_URL, asked && pendingEmail ? { ...AUTH_MESSAGES.profileUpdated, description: emailChangeRequestedNotice(pendingEmail) } : { ...AUTH_MESSAGES.profileUpdated });
}

/** Removes (never toggles), so a second press or a stale page cannot add the favorite back. */
async function removeFavoriteFromAccount(request: Request, userId: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: FavoriteSchema });
  if (submission.status !== "success") {
    return respond(request, { redirectTo: FAVORITES_URL, toast: REMOVE_FAILED, status: 400 });
  }
  await removeFavorite(db, userId, submission.value.productId);
  return respond(request, { redirectTo: FAVORITES_URL, toast: { ...MESSAGES.favoriteRemoved } });
}

export default function AccountPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<ProfileActionData | RemoveActionData>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  useToastEffect(actionData && "ok" in actionData && !actionData.ok ? actionData.error : null);

  if (!data.user) {
    return (
      <div className="container">
        <section className="empty-state">
          <h1>Please Log In</h1>
          <p>You need to be logged in to view your account.</p>
          <Link to="/login" className="button">
            Log In
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
        <h1>My Account</h1>
        <p className="muted">
          {`Signed in as ${data.user.firstName ? `${data.user.firstName} (${data.user.email})` : data.user.email}`}
        </p>
      </div>
      <div className="alert alert-info account-welcome">
        <p className="alert-title">Welcome to our new shop!</p>
        <p>
          Bought from us before on our previous marketplace shop? E-mail us at <a href={`mailto:${shopEmail}`}>{shopEmail}</a> and
          we will add your loyalty points to your account manually.
        </p>
      </div>
      <nav className="tabs" aria-label="Account sections">
        {TABS.map((t) => (
          <Link key={t.id} to={`/account?tab=${t.id}`} aria-current={t.id === data.tab ? "page" : undefined} prefetch="none">
            {t.label}
          </Link>
        ))}
        <Link to="/account/security" prefetch="none">
          Sign-in &amp; Security
        </Link>
        <Link to="/account/data" prefetch="none">
          Your data
        </Link>
      </nav>
      {data.tab === "orders" && data.orders ? <OrdersTab orders={data.orders} /> : null}
      {data.tab === "favorites" && data.favorites ? <FavoritesTab favorites={data.favorites} /> : null}
      {data.tab === "profile" && data.profile ? (
        data.editing || profileReply ? (
          <ProfileForm profile={data.profile} reply={profileReply} />
        ) : (
          <ProfileView profile={data.profile} />
        )
      ) : null}
      {data.tab === "loyalty" && data.loyalty ? <LoyaltyTab loyalty={data.loyalty} /> : null}
    </div>
  );
}

const DATE_FORMAT = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** The same text on the server and in the browser (UTC), so hydration never differs. */
function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_FORMAT.format(date);
}

function dollars(amount: number): string {
  return formatMoney(Math.round(amount * 100));
}

function OrdersTab({ orders }: { orders: NonNullable<AccountData["orders"]> }) {
  if (orders.length === 0) {
    return (
      <section className="empty-state" aria-labelledby="orders-title">
        <h2 id="orders-title">No orders yet</h2>
        <p>You haven&apos;t placed any orders yet.</p>
        <Link to="/shop" className="button">
          Start Shopping
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title">Your Orders</h2>
      <ul className="order-list" role="list">
        {orders.map((order) => (
          <li key={order.id} className="order-row">
            <div className="order-main">
              <p className="order-number">Order #{order.id}</p>
              <p className="muted small">
                Placed <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
              </p>
            </div>
            <span className={`status-pill status-${order.status.replace(/[^a-z_]/g, "")}`}>{orderStatusLabel(order.status)}</span>
            <p className="order-total">{formatMoney(order.totalCents)}</p>
            <Link to={`/order-details/${order.id}?token=${encodeURIComponent(order.confirmationToken)}`} className="button button-secondary">
              View Details<span className="sr-only"> of order #{order.id}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FavoritesTab({ favorites }: { favorites: NonNullable<AccountData["favorites"]> }) {
  if (favorites.length === 0) {
    return (
      <section className="empty-state" aria-labelledby="favorites-title">
        <h2 id="favorites-title">No favorites yet</h2>
        <p>You haven&apos;t saved any favorites yet. Tap the heart on a product to keep it here.</p>
        <Link to="/shop" className="button">
          Browse Products
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="favorites-title">
      <h2 id="favorites-title">Your Favorites</h2>
      <ul className="grid favorite-list" role="list">
        {favorites.map((f) => (
          <li key={f.productId} className="favorite-item">
            <ProductCard product={f.product} />
            <Form method="post" action={FAVORITES_URL} preventScrollReset>
              <input type="hidden" name="intent" value={INTENTS.removeFavorite} />
              <input type="hidden" name="productId" value={f.productId} />
              <button type="submit" className="button button-ghost button-block">
                Remove<span className="sr-only"> {f.product.title} from favorites</span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProfileView({ profile }: { profile: ProfileValues }) {
  const { countries, pendingEmail } = useLoaderData<typeof loader>();
  return (
    <section className="form-card" aria-labelledby="profile-title">
      <div className="section-head">
        <h2 id="profile-title">Profile</h2>
        <Link to={PROFILE_EDIT_URL} className="button button-secondary">
          Edit Profile
        </Link>
      </div>
      {pendingEmail ? (
        <p className="muted">
          Waiting for confirmation: <strong>{pendingEmail}</strong>. Your address changes when you open the link we sent there.
        </p>
      ) : null}
      <dl className="profile-list">
        {PROFILE_FIELDS.map((f) => {
          const value = f.name === "shippingCountry" ? (countries.find((c) => c.code === profile[f.name])?.name ?? profile[f.name]) : profile[f.name];
          return (
            <div key={f.name}>
              <dt>{f.label}</dt>
              <dd className={value ? undefined : "muted"}>{value || "Not provided"}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

const INPUTS: Record<ProfileFieldName, { autoComplete: string; maxLength: number; type?: string }> = {
  email: { autoComplete: "email", maxLength: 254, type: "email" },
  firstName: { autoComplete: "given-name", maxLength: 100 },
  lastName: { autoComplete: "family-name", maxLength: 100 },
  shippingFirstName: { autoComplete: "shipping given-name", maxLength: 100 },
  shippingLastName: { autoComplete: "shipping family-name", maxLength: 100 },
  shippingAddressLine1: { autoComplete: "shipping address-line1", maxLength: 200 },
  shippingAddressLine2: { autoComplete: "shipping address-line2", maxLength: 200 },
  shippingCity: { autoComplete: "shipping address-level2", maxLength: 100 },
  shippingState: { autoComplete: "shipping address-level1", maxLength: 100 },
  shippingPostalCode: { autoComplete: "shipping postal-code", maxLength: 20 },
  shippingCountry: { autoComplete: "shipping country", maxLength: 2 },
};

function ProfileForm({ profile, reply }: { profile: ProfileValues; reply: ProfileActionData | null }) {
  // After a failed save the form shows what was submitted, not what is stored.
  const submitted = reply?.result.initialValue;
  const valueOf = (name: ProfileFieldName): string => {
    if (submitted) {
      const v = submitted[name];
      return typeof v === "string" ? v : "";
    }
    return profile[name] ?? "";
  };
  const errorOf = (name: string): string | undefined => reply?.result.error?.[name]?.[0] ?? undefined;
  const formError = errorOf("");
  const countryError = errorOf("shippingCountry");
  const { countries } = useLoaderData<typeof loader>();
  return (
    <section className="form-card" aria-labelledby="profile-title">
      <h2 id="profile-title">Edit Profile</h2>
      {reply?.failure ? (
        <Alert title={reply.failure.title}>{reply.failure.description}</Alert>
      ) : formError ? (
        <Alert title="Update failed">{formError}</Alert>
      ) : null}
      <Form method="post" action={PROFILE_EDIT_URL} className="form-stack" key={JSON.stringify(submitted ?? null)}>
        <input type="hidden" name="intent" value={INTENTS.updateProfile} />
        {PROFILE_FIELDS.map((f) =>
          f.name === "shippingCountry" ? (
            <div className="field" key={f.name}>
              <label htmlFor="shippingCountry">{f.label}</label>
              <select
                id="shippingCountry"
                name="shippingCountry"
                defaultValue={valueOf("shippingCountry")}
                autoComplete={INPUTS.shippingCountry.autoComplete}
                aria-invalid={countryError ? true : undefined}
                aria-describedby={countryError ? "shippingCountry-error" : undefined}
              >
                <option value="">Select a country</option>
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
              {countryError ? (
                <p className="field-error" id="shippingCountry-error">
                  {countryError}
                </p>
              ) : null}
            </div>
          ) : (
            <Fragment key={f.name}>
              <Field
                name={f.name}
                label={f.label}
                type={INPUTS[f.name].type ?? "text"}
                autoComplete={INPUTS[f.name].autoComplete}
                maxLength={INPUTS[f.name].maxLength}
                required={f.name === "email"}
                defaultValue={valueOf(f.name)}
                error={errorOf(f.name)}
              />
              {/* Right under the address it guards. */}
              {f.name === "email" ? <EmailProofField errorOf={errorOf} /> : null}
            </Fragment>
          ),
        )}
        <div className="actions">
          <button type="submit" className="button">
            Save Changes
          </button>
          <Link to={PROFILE_URL} className="button button-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

/** A new e-mail address needs more than the session: the password, or a code when a second factor is on. */
function EmailProofField({ errorOf }: { errorOf: (name: string) => string | undefined }) {
  const { emailProof } = useLoaderData<typeof loader>();
  if (emailProof === "none") {
    return (
      <p className="muted small" id="email-proof-hint">
        To change your e-mail address, first set a password on the <Link to="/account/security">Sign-in &amp; Security</Link> page.
      </p>
    );
  }
  return emailProof === "code" ? (
    <Field
      name="code"
      label="Code from your app (only to change the e-mail address)"
      autoComplete="one-time-code"
      maxLength={40}
      error={errorOf("code")}
    />
  ) : (
    <Field
      name="currentPassword"
      label="Current password (only to change the e-mail address)"
      type="password"
      autoComplete="current-password"
      maxLength={200}
      error={errorOf("currentPassword")}
    />
  );
}

function signedPoints(points: number): string {
  return points > 0 ? `+${points}` : String(points);
}

function LoyaltyTab({ loyalty }: { loyalty: NonNullable<AccountData["loyalty"]> }) {
  const { config, points, redeemable, history } = loyalty;
  const ex = config.discountExchange;
  return (
    <section aria-labelledby="loyalty-title" className="loyalty">
      <h2 id="loyalty-title">Loyalty Points</h2>
      <dl className="loyalty-figures">
        <div>
          <dt>Points balance</dt>
          <dd data-testid="loyalty-balance">{points}</dd>
        </div>
        <div>
          <dt>Redeemable discounts</dt>
          <dd data-testid="loyalty-redeemable">{redeemable}</dd>
        </div>
      </dl>
      <p className="muted">
        {redeemable > 0
          ? `You can redeem ${redeemable} ${redeemable === 1 ? "discount" : "discounts"} of ${dollars(ex.discountAmount)} at checkout.`
          : `Collect ${ex.pointsRequired} points to redeem your first ${dollars(ex.discountAmount)} discount.`}
      </p>
      <div className="loyalty-rules">
        <h3>How it works</h3>
        <ul>
          <li>
            {`Earn 1 point for every ${dollars(config.dollarsPerPoint)} spent${
              config.minimumOrderForPoints > 0 ? ` on orders of ${dollars(config.minimumOrderForPoints)} or more` : ""
            }.`}
          </li>
          <li>{`${ex.pointsRequired} points = ${dollars(ex.discountAmount)} off orders of ${dollars(ex.minimumOrderValue)} or more.`}</li>
          <li>Tick &ldquo;Use loyalty points&rdquo; at checkout to apply a discount.</li>
        </ul>
      </div>
      <h3 id="history-title">Points History</h3>
      {history.length === 0 ? (
        <p className="muted">No points activity yet. Points you earn and spend will appear here.</p>
      ) : (
        <div className="history-scroll" role="region" aria-label="Points history" tabIndex={0}>
          <ol className="history-list" role="list">
            {history.map((h) => (
              <li key={h.id} className="history-item">
                <div className="history-line">
                  <span className="history-event">{LOYALTY_EVENT_LABELS[h.eventType]}</span>
                  <span className={`history-points ${h.points < 0 ? "minus" : "plus"}`}>{signedPoints(h.points)}</span>
                </div>
                {h.description ? <p className="history-description">{h.description}</p> : null}
                <p className="muted small history-meta">
                  <time dateTime={h.createdAt}>{formatDate(h.createdAt)}</time> · {`Balance: ${h.pointsAfter}`}
                </p>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

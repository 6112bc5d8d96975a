import { type APIRequest, type APIRequestContext, type BrowserContext, type Page, test as base } from "@playwright/test";
import { setPassword } from "../helpers/kit";
import { e2eDb } from "./helpers/db";
import { E2E_BASE_URL, ensureUser, type SessionCookie, sessionCookieFor, type TestUserOptions, uniqueEmail } from "./helpers/session";

export { expect } from "@playwright/test";

export interface LoginOptions extends TestUserOptions {
  /** The user's address; a new unique one when left out. An existing user with it is reused. */
  email?: string;
  /** Signs this page's browser context in too (browser specs). */
  page?: Page;
  /** Signs this browser context in (a second browser, say). */
  context?: BrowserContext;
  /** Gives the account this password, for specs that confirm an action with it. */
  password?: string;
}

export interface SignedIn {
  userId: number;
  email: string;
  /** The `__session` cookie, made by Remix's createCookie (see helpers/session.ts). */
  cookie: SessionCookie;
  /** An API request context carrying the session, disposed after the test. */
  request: APIRequestContext;
}

export type Login = (opts?: LoginOptions) => Promise<SignedIn>;

/**
 * `loginAsCustomer` and `loginAsAdmin` create the user (or reuse one by email) and a session for it in the
 * e2e database through the fixture kit (tests/helpers/kit), without a login form. Each call is one more signed-in user; pass `page` to sign a browser in.
 */
export const test = base.extend<{ loginAsCustomer: Login; loginAsAdmin: Login }>({
  loginAsCustomer: async ({ playwright }, use) => {
    const contexts: APIRequestContext[] = [];
    await use((opts) => login(playwright.request, contexts, { ...opts, isAdmin: false }, "customer"));
    for (const context of contexts) await context.dispose();
  },
  loginAsAdmin: async ({ playwright }, use) => {
    const contexts: APIRequestContext[] = [];
    await use((opts) => login(playwright.request, contexts, { ...opts, isAdmin: true }, "admin"));
    for (const context of contexts) await context.dispose();
  },
});

async function login(
  api: APIRequest,
  contexts: APIRequestContext[],
  { email, page, context, password, ...user }: LoginOptions,
  emailPrefix: string,
): Promise<SignedIn> {
  email ??= uniqueEmail(emailPrefix);
  const userId = await ensureUser(email, user);
  if (password !== undefined) await setPassword(e2eDb(), userId, password);
  const cookie = await sessionCookieFor(userId);
  for (const target of [page?.context(), context]) if (target) await target.addCookies([cookie]);
  const request = await api.newContext({ baseURL: E2E_BASE_URL, storageState: { cookies: [cookie], origins: [] } });
  contexts.push(request);
  return { userId, email, cookie, request };
}

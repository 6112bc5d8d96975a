import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { type IncomingMessage } from "node:http";
import { type MutableRedirectUri, type MutableResponse, type MutableToken, OAuth2Server, type TokenRequestIncomingMessage } from "oauth2-mock-server";
import { startMailCatcher } from "../../tools/mail-catcher";
import { startPaypalEmulator } from "../../tools/paypal-emulator";
import { startNbpStandIn } from "../../tools/nbp-stand-in";

// Starts the built app on a fresh, seeded tests/.tmp/e2e.sqlite for the browser and API tests.
const root = path.resolve(import.meta.dirname, "../..");
const tmp = path.join(root, "tests/.tmp");
const dbFile = path.join(tmp, "e2e.sqlite");
const port = process.env.E2E_PORT ?? "3100";
mkdirSync(tmp, { recursive: true });
for (const suffix of ["", "-wal", "-shm"]) rmSync(dbFile + suffix, { force: true });

// A local stand-in for Google (oauth2-mock-server): its /authorize redirects straight back to
// the shop's callback with a code, no consent page. What its /userinfo answers is chosen per
// test, safely for parallel workers: before clicking 'Continue with Google' a test puts the
// cookie GOOGLE_PROFILE_COOKIE on the mock's host (127.0.0.1, path /authorize) holding the
// base64url JSON of the profile ({ sub, email, email_verified, given_name, family_name });
// see tests/e2e/browser/google-login.spec.ts. The browser sends it with the /authorize
// request; the mock ties the profile to the code it issues, then to the access token the shop
// trades the code for, and answers the shop's /userinfo call with it. Without the cookie
// /userinfo answers only { sub: "johndoe" } (no e-mail, so the shop refuses the sign-in).
const GOOGLE_PROFILE_COOKIE = "e2e_google_profile";
const oauthPort = Number(process.env.E2E_OAUTH_PORT ?? 3190);
const oauthBase = `http://127.0.0.1:${oauthPort}`;

async function startGoogleMock(): Promise<OAuth2Server> {
  const oauth = new OAuth2Server();
  oauth.issuer.url = oauthBase;
  await oauth.issuer.keys.generate("RS256");
  const byCode = new Map<string, Record<string, unknown>>();
  const byToken = new Map<string, Record<string, unknown>>();
  oauth.service.on("beforeAuthorizeRedirect", (redirect: MutableRedirectUri, req: IncomingMessage) => {
    const code = redirect.url.searchParams.get("code");
    const raw = (req.headers.cookie ?? "")
      .split(/;\s*/)
      .find((c: string) => c.startsWith(`${GOOGLE_PROFILE_COOKIE}=`))
      ?.slice(GOOGLE_PROFILE_COOKIE.length + 1);
    if (!code || !raw) return;
    try {
      byCode.set(code, JSON.parse(Buffer.from(decodeURIComponent(raw), "base64url").toString("utf8")));
    } catch {
      console.error(`start-server: unreadable ${GOOGLE_PROFILE_COOKIE} cookie`);
    }
  });
  // The mock's tokens are JWTs of the issuer, audience and times only: two sign-ins in the same
  // second (parallel workers) got the same access token, so the second profile replaced the
  // first in byToken. A random jti makes every token, and so every profile lookup, its own.
  oauth.service.on("beforeTokenSigning", (token: MutableToken) => {
    token.payload.jti = randomUUID();
  });
  oauth.service.on("beforeResponse", (tokenResponse: MutableResponse, req: TokenRequestIncomingMessage) => {
    const code = req.body.code;
    const token = tokenResponse.body === "" ? undefined : tokenResponse.body.access_token;
    const profile = code ? byCode.get(code) : undefined;
    if (!code || typeof token !== "string" || !profile) return;
    byToken.set(token, profile);
    byCode.delete(code);
  });
  oauth.service.on("beforeUserinfo", (userInfoResponse: MutableResponse, req: IncomingMessage) => {
    const token = (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
    const profile = byToken.get(token);
    if (profile) userInfoResponse.body = profile;
  });
  await oauth.start(oauthPort, "127.0.0.1");
  return oauth;
}

const googleMock = await startGoogleMock();

// The PayPal emulator (tools/paypal-emulator/), reached by the shop over HTTP like the
// real API; the browser opens its approval page on the same address.
const paypalPort = Number(process.env.E2E_PAYPAL_PORT ?? 3180);
const paypalBase = `http://127.0.0.1:${paypalPort}`;
const PAYPAL_CLIENT_ID = "e2e-paypal-client";
const PAYPAL_CLIENT_SECRET = "e2e-paypal-secret";
// It sends its capture and refund webhooks to the shop, as PayPal does (the shop verifies them
// through the emulator). CHECKOUT.ORDER.APPROVED is not subscribed: the shop would capture on
// approval, before the tests that hold a payment between approval and capture could act.
const paypal = await startPaypalEmulator({
  port: paypalPort,
  clientId: PAYPAL_CLIENT_ID,
  clientSecret: PAYPAL_CLIENT_SECRET,
  publicUrl: paypalBase,
  webhookUrl: `http://127.0.0.1:${port}/api/paypal/webhook`,
  webhookEvents: ["PAYMENT.CAPTURE.COMPLETED", "PAYMENT.CAPTURE.DENIED", "PAYMENT.CAPTURE.REFUNDED", "PAYMENT.CAPTURE.REVERSED", "CUSTOMER.DISPUTE.CREATED"],
});

// A real SMTP server on a free port that keeps every message the shop sends as JSON in
// tests/.tmp/e2e-mail (tests/e2e/helpers/mail.ts reads them; /admin/outbox shows them).
const mailDir = path.join(tmp, "e2e-mail");
rmSync(mailDir, { recursive: true, force: true });
const mailCatcher = await startMailCatcher({ port: 0, dir: mailDir, quiet: true });

// The stand-in for the National Bank of Poland's API (tools/nbp-stand-in/): the shop's rate job
// reads its tables at start-up, so Polish pages show złoty amounts; tests may set rates and
// failures through its /__stand-in/ controls. Never the bank itself.
const nbpStandIn = await startNbpStandIn({ port: Number(process.env.E2E_NBP_PORT ?? 3195) });

const env = {
  ...process.env,
  SMTP_URL: mailCatcher.url,
  MAIL_CATCHER_DIR: mailDir,
  NODE_ENV: "production" as const,
  // The emulator in production mode is a demonstration shop (the server refuses it otherwise).
  DEMO: "1",
  // Every test client is 127.0.0.1: the per-address limits are tested in tests/integration/limits.test.ts.
  SIGNUP_LIMIT_PER_HOUR: "100000",
  ORDER_LIMIT_PER_HOUR: "100000",
  WITHDRAWAL_LIMIT_PER_HOUR: "100000",
  PORT: port,
  HOST: "127.0.0.1",
  APP_URL: `http://127.0.0.1:${port}`,
  DATABASE_PATH: dbFile,
  UPLOAD_DIR: path.join(tmp, "uploads"),
  BACKUP_DIR: path.join(tmp, "backups"),
  SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret",
  ADMIN_EMAIL: "admin@example.com",
  ADMIN_PASSWORD: "admin12345",
  PAYPAL_MODE: "emulator",
  PAYPAL_API_BASE: paypal.url,
  PAYPAL_CLIENT_ID,
  PAYPAL_CLIENT_SECRET,
  PAYPAL_EMULATOR_PUBLIC_URL: paypalBase,
  GOOGLE_CLIENT_ID: "e2e-google-client",
  GOOGLE_CLIENT_SECRET: "e2e-google-secret",
  GOOGLE_AUTH_URL: `${oauthBase}/authorize`,
  GOOGLE_TOKEN_URL: `${oauthBase}/token`,
  GOOGLE_USERINFO_URL: `${oauthBase}/userinfo`,
  NBP_API_BASE: nbpStandIn.url,
};

const seed = spawnSync(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "scripts/seed.ts")], { env, stdio: "inherit" });
if (seed.status !== 0) {
  console.error("Seeding the e2e database failed");
  process.exit(1);
}

// Served as `npm start` serves it: the shop's server in two worker processes (server/index.ts), so
// every test also checks that sessions, carts, stock and notifications hold across processes.
const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/index.ts"), path.join(root, "build/index.js")], {
  env: { ...env, WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "2" },
  stdio: "inherit",
});
const stop = () => {
  server.kill("SIGTERM");
  void googleMock.stop().catch(() => undefined);
  void paypal.close().catch(() => undefined);
  void mailCatcher.close().catch(() => undefined);
  void nbpStandIn.close().catch(() => undefined);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("exit", stop);
server.on("exit", (code) => process.exit(code ?? 0));

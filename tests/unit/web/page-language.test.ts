import { i18nFor } from "~/i18n/i18n.server";
import { getEnv } from "~/lib/env.server";
import { browserTarget, pageErrors, pageToast, redirectTarget } from "~/web/auth/page-language.server";

// Where a sign-in page sends the browser, and what it says there, in the page's language.

const polish = new Request("http://shop.test/pl/login", { method: "POST" });
const english = new Request("http://shop.test/login", { method: "POST" });

describe("the sign-in pages' redirects", () => {
  it("a Polish page's shop path goes without its prefix (Remix's basename adds it), once", () => {
    expect(redirectTarget(polish, "/account")).toBe("/account");
    expect(redirectTarget(polish, "/pl/account")).toBe("/account");
    expect(redirectTarget(polish, "/")).toBe("/");
  });

  it("the admin from a Polish page is an absolute URL, which the basename leaves alone: never /pl/admin", () => {
    // On the shop's public address, whatever Host the request came with.
    const origin = new URL(getEnv().APP_URL).origin;
    expect(redirectTarget(polish, "/admin")).toBe(`${origin}/admin`);
    expect(redirectTarget(polish, "/admin/orders?x=1")).toBe(`${origin}/admin/orders?x=1`);
  });

  it("a prefix in front of another site's address stays on this site, never away", () => {
    for (const to of ["/pl//evil.example/x", "/pl/\\evil.example", "/pl//evil.example"]) {
      for (const target of [redirectTarget(polish, to), browserTarget(polish, to)]) {
        expect(target, to).toMatch(/^\/(?![/\\])/);
        expect(new URL(target, "http://shop.example").host, to).toBe("shop.example");
      }
    }
  });

  it("an English page's redirects are as they were", () => {
    for (const to of ["/account", "/admin", "/pl/account", "/"]) expect(redirectTarget(english, to)).toBe(to);
  });

  it("the browser module opens the page with its prefix, the admin without", () => {
    expect(browserTarget(polish, "/account")).toBe("/pl/account");
    expect(browserTarget(polish, "/")).toBe("/pl");
    expect(browserTarget(polish, "/login/two-factor")).toBe("/pl/login/two-factor");
    expect(browserTarget(polish, "/admin")).toBe("/admin");
    expect(browserTarget(english, "/account")).toBe("/account");
  });
});

describe("the sign-in pages' notifications and errors", () => {
  it("a notification in Polish on a Polish page, in English when it is shown in the admin", () => {
    const toast = { title: "Welcome back!", description: "You are now signed in.", type: "success" as const };
    expect(pageToast(polish, toast)).toEqual({ title: "Witamy ponownie!", description: "Zalogowano.", type: "success" });
    expect(pageToast(polish, toast, "/account")).toEqual({ title: "Witamy ponownie!", description: "Zalogowano.", type: "success" });
    expect(pageToast(polish, toast, "/admin")).toEqual(toast);
    expect(pageToast(english, toast)).toEqual(toast);
  });

  it("field errors for the browser module in the page's language, values carried over", () => {
    const errors = { email: ["Invalid email address"], "": ["Too many failed sign-in attempts. Please wait 3 minutes and try again."], password: null };
    expect(pageErrors(polish, errors)).toEqual({
      email: ["Nieprawidłowy adres e-mail"],
      "": ["Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za 3 min."],
      password: null,
    });
    expect(pageErrors(english, errors)).toBe(errors);
  });

  it("the sign-in and registration rules' own texts read in Polish", () => {
    const { text } = i18nFor("pl");
    expect(text("Invalid credentials")).toBe("Nieprawidłowy e-mail lub hasło");
    expect(text("Password must be at least 6 characters")).toBe("Hasło musi mieć co najmniej 6 znaków");
    expect(text("Password must be at most 200 characters")).toBe("Hasło może mieć najwyżej 200 znaków");
    expect(text("This password is too common. Please choose another.")).toBe("To hasło jest zbyt popularne. Wybierz inne.");
    expect(text("Too many failed sign-in attempts. Please wait 1 minute and try again.")).toBe(
      "Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za 1 min.",
    );
  });
});

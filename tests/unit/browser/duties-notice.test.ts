// @vitest-environment jsdom
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { dutiesNotice } from "~/browser/behaviors/duties-notice";
import { attachBehaviors, detachBehaviors } from "~/browser/runtime";
import { DutiesNotice } from "~/components/orders/duties-notice";

// With JavaScript, checkout's import duties notice follows the country select at once: the
// server's markup (the notice for the country it knew), then the behaviour on it.

function page(country: string) {
  const notice = renderToStaticMarkup(createElement(DutiesNotice, { country, follows: true }));
  document.body.innerHTML = `
<form method="post" action="/checkout">
  <select id="country" name="country">
    <option value="">Select a country</option><option value="PL">Poland</option><option value="US">United States</option><option value="CH">Switzerland</option>
  </select>
  ${notice}
  <button type="submit">Create Order</button>
</form>`;
  const select = document.querySelector("select")!;
  select.value = country;
  return { select, notice: () => document.querySelector<HTMLElement>("[data-duties-notice]")! };
}

function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event("change", { bubbles: true }));
}

afterEach(() => {
  detachBehaviors(document.body);
  document.body.innerHTML = "";
});

describe("the duties notice behaviour", () => {
  it("shows the notice when a country outside the EU is chosen and hides it for an EU one", () => {
    const { select, notice } = page("");
    attachBehaviors(document, [dutiesNotice]);
    expect(notice().hidden).toBe(true);
    choose(select, "US");
    expect(notice().hidden).toBe(false);
    choose(select, "PL");
    expect(notice().hidden).toBe(true);
    choose(select, "CH");
    expect(notice().hidden).toBe(false);
    choose(select, "");
    expect(notice().hidden).toBe(true);
  });

  it("corrects a page whose select the browser restored to another country, and stops listening once detached", () => {
    const { select, notice } = page("US");
    expect(notice().hidden).toBe(false);
    // Back/forward or a reload: the browser put Poland back after the server drew the page for the US.
    select.value = "PL";
    attachBehaviors(document, [dutiesNotice]);
    expect(notice().hidden).toBe(true);
    detachBehaviors(document.body);
    choose(select, "US");
    expect(notice().hidden).toBe(true);
  });
});

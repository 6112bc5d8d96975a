// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHECK_DELAY_MS, checkout } from "~/browser/behaviors/checkout";
import { attachBehaviors, detachBehaviors } from "~/browser/runtime";

// The checkout behaviour checks the form with the server as the shopper goes (intent=validate, or
// intent=totals for the country), a moment after she leaves a field: fields left within that
// moment share one check. On a slow line she moves on before an answer comes back: the changes
// made meanwhile share one follow-up check that reads the form when it is sent.

const FORM = `
<form method="post" action="/checkout" data-checkout="">
  <div class="field"><input id="email" name="email" /></div>
  <div class="field"><input id="firstName" name="firstName" /></div>
  <div class="field"><input id="city" name="city" /></div>
  <div class="field"><select id="country" name="country"><option value="PL">PL</option><option value="FR">FR</option></select></div>
  <button type="submit">Create Order &amp; Proceed to Payment</button>
</form>`;

interface Pending {
  body: URLSearchParams;
  answer: (error: Record<string, string[]>) => void;
}

/** fetch as the checkout action answers a check: held until the test answers it. */
function serverChecks() {
  const posts: Pending[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(
      (_url: URL, init: RequestInit) =>
        new Promise<Response>((resolve) => {
          posts.push({
            body: new URLSearchParams(init.body as URLSearchParams),
            answer: (error) => resolve(new Response(JSON.stringify({ result: { error } }), { headers: { "content-type": "application/json" } })),
          });
        }),
    ),
  );
  return posts;
}

function change(form: HTMLFormElement, name: string, value: string) {
  const input = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
  input.value = value;
  input.dispatchEvent(new Event("change", { bubbles: true }));
  input.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
}

/** Lets the check's delay pass and the answers' promises run. */
const settle = () => vi.advanceTimersByTimeAsync(CHECK_DELAY_MS);

let form: HTMLFormElement;

function setUp() {
  vi.useFakeTimers();
  document.body.innerHTML = FORM;
  form = document.querySelector("form")!;
  attachBehaviors(document, [checkout]);
}

afterEach(() => {
  detachBehaviors(document.body);
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the checkout's checks on a slow line", () => {
  it("sends one check for fields left within a moment of each other, and none before that moment", async () => {
    const posts = serverChecks();
    setUp();
    change(form, "email", "clara@example.com");
    change(form, "firstName", "Clara");
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS - 1);
    expect(posts).toHaveLength(0);
    change(form, "city", "Lyon");
    await settle();
    expect(posts).toHaveLength(1);
    expect(Object.fromEntries(posts[0]!.body)).toMatchObject({ email: "clara@example.com", firstName: "Clara", city: "Lyon", intent: "validate" });
  });

  it("sends one follow-up for the changes made while a check is in flight, with the latest values", async () => {
    const posts = serverChecks();
    setUp();
    change(form, "email", "clara@example.com");
    await settle();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body.get("intent")).toBe("validate");

    change(form, "firstName", "Clara");
    change(form, "city", "Lyon");
    await settle();
    expect(posts).toHaveLength(1);

    posts[0]!.answer({});
    await settle();
    await settle();
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body.get("firstName")).toBe("Clara");
    expect(posts[1]!.body.get("city")).toBe("Lyon");
    expect(posts[1]!.body.get("intent")).toBe("validate");
  });

  it("makes the one follow-up a totals check when the country changed meanwhile", async () => {
    const posts = serverChecks();
    setUp();
    change(form, "email", "clara@example.com");
    await settle();
    change(form, "country", "FR");
    change(form, "city", "Lyon");
    posts[0]!.answer({});
    await settle();
    await settle();
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body.get("intent")).toBe("totals");
    expect(posts[1]!.body.get("country")).toBe("FR");
  });

  it("shows the errors of every field the shopper went through, asking again only for changed values", async () => {
    const posts = serverChecks();
    setUp();
    change(form, "email", "not-an-address");
    await settle();
    // She leaves First name empty while the check is in flight: the form is as it was sent.
    change(form, "firstName", "");
    posts[0]!.answer({ email: ["Invalid email"], firstName: ["First name is required"], city: ["City is required"] });
    await settle();
    await settle();
    expect(posts).toHaveLength(1);
    expect(document.getElementById("email-error")?.textContent).toBe("Invalid email");
    expect(document.getElementById("firstName-error")?.textContent).toBe("First name is required");
    expect(form.querySelector("#firstName")?.getAttribute("aria-invalid")).toBe("true");
    // The city was never touched: its error waits until she has been there.
    expect(document.getElementById("city-error")).toBeNull();
  });

  it("drops a waiting check when she submits: the order's answer carries the errors", async () => {
    const posts = serverChecks();
    setUp();
    change(form, "email", "not-an-address");
    form.querySelector("button")!.click();
    await settle();
    await settle();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body.get("intent")).toBeNull();
    posts[0]!.answer({ email: ["Invalid email"] });
    await settle();
    expect(posts).toHaveLength(1);
    expect(document.getElementById("email-error")?.textContent).toBe("Invalid email");
  });
});

import { createElement } from "react";
import { confirmPrompt } from "~/browser/behaviors/confirm-prompt";
import { attachBehaviors } from "~/browser/runtime";
import { ClearCartForm, RemoveItemForm } from "~/components/cart/cart-forms";
import { createRemixStub } from "@remix-run/testing";
import { render } from "@testing-library/react";
import { CLEAR_CONFIRM, REMOVE_CONFIRM } from "~/lib/behavior-contract";

/** The cart's remove and clear forms as the server writes them, with the confirm-prompt behaviour and a later listener that stands for the behaviour posting the form. */
function forms() {
  const Stub = createRemixStub([
    {
      path: "/cart",
      Component: () => createElement("div", null, createElement(RemoveItemForm, { itemId: 5, title: "Hat", here: "/cart" }), createElement(ClearCartForm)),
    },
  ]);
  const { container } = render(createElement(Stub, { initialEntries: ["/cart"] }));
  return container;
}

function submit(form: HTMLFormElement) {
  const posted: string[] = [];
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    posted.push(String(new FormData(form).get("confirmed")));
  });
  const event = new Event("submit", { bubbles: true, cancelable: true });
  form.dispatchEvent(event);
  return { posted, prevented: event.defaultPrevented };
}

describe("the confirm-prompt behaviour", () => {
  afterEach(() => vi.restoreAllMocks());

  it("asks the spec's question; Yes sets confirmed and lets the form go on", async () => {
    const container = forms();
    await vi.waitFor(() => expect(container.querySelectorAll("form")).toHaveLength(2));
    const detach = attachBehaviors(container, [confirmPrompt]);
    const ask = vi.spyOn(window, "confirm").mockReturnValue(true);
    const [remove, clear] = [...container.querySelectorAll("form")];
    expect(submit(remove!).posted).toEqual(["yes"]);
    expect(ask).toHaveBeenLastCalledWith(REMOVE_CONFIRM);
    expect(submit(clear!).posted).toEqual(["yes"]);
    expect(ask).toHaveBeenLastCalledWith(CLEAR_CONFIRM);
    detach();
  });

  it("Cancel sends nothing: the submission is stopped before any later listener", async () => {
    const container = forms();
    await vi.waitFor(() => expect(container.querySelectorAll("form")).toHaveLength(2));
    const detach = attachBehaviors(container, [confirmPrompt]);
    vi.spyOn(window, "confirm").mockReturnValue(false);
    const remove = container.querySelector("form")!;
    const { posted, prevented } = submit(remove);
    expect(posted).toEqual([]);
    expect(prevented).toBe(true);
    expect((remove.elements.namedItem("confirmed") as HTMLInputElement).value).toBe("");
    detach();
  });

  it("is gone once detached: the form goes to the server, which asks instead", async () => {
    const container = forms();
    await vi.waitFor(() => expect(container.querySelectorAll("form")).toHaveLength(2));
    attachBehaviors(container, [confirmPrompt])();
    const ask = vi.spyOn(window, "confirm");
    expect(submit(container.querySelector("form")!).posted).toEqual([""]);
    expect(ask).not.toHaveBeenCalled();
  });

  it("comes with forms that are plain posts to /cart carrying the question", async () => {
    const container = forms();
    await vi.waitFor(() => expect(container.querySelectorAll("form")).toHaveLength(2));
    const [remove, clear] = [...container.querySelectorAll("form")];
    for (const form of [remove!, clear!]) {
      expect([form.getAttribute("method"), form.getAttribute("action")]).toEqual(["post", "/cart"]);
      expect(form.hasAttribute("data-cart-form")).toBe(true);
    }
    expect(remove!.getAttribute("data-confirm")).toBe(REMOVE_CONFIRM);
    expect(clear!.getAttribute("data-confirm")).toBe(CLEAR_CONFIRM);
  });
});

import { fireEvent, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { showToast, toasts } from "~/browser/behaviors/toasts";
import { attachBehaviors } from "~/browser/runtime";
import { ToastRegion } from "~/components/ui/toaster";
import { SWIPE_THRESHOLD_PX, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, type ToastMessage } from "~/lib/behavior-contract";

/** The server's notification area (with the page's flash notification, if any) and the toasts behaviour on it. */
function page(initial: ToastMessage | null = null) {
  document.body.innerHTML = renderToStaticMarkup(createElement(ToastRegion, { initial }));
  return attachBehaviors(document, [toasts]);
}

const region = () => screen.getByRole("region", { name: "Notifications (F8)" });

describe("the toasts behaviour (storefront spec section 4)", () => {
  let detach: () => void = () => {};
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    detach();
    vi.useRealTimers();
    document.body.innerHTML = "";
  });

  it("shows the server's notification for 5000 ms, then removes it 4000 ms after dismissal", () => {
    detach = page({ title: "Added to cart", description: "Item has been added to your cart successfully.", type: "success" });
    const toast = screen.getByRole("status");
    expect(toast).toHaveTextContent("Added to cart");
    expect(toast).toHaveTextContent("Item has been added to your cart successfully.");
    expect(toast).toHaveAttribute("data-state", "open");
    vi.advanceTimersByTime(TOAST_DURATION_MS - 10);
    expect(toast).toHaveAttribute("data-state", "open");
    vi.advanceTimersByTime(20);
    expect(toast).toHaveAttribute("data-state", "closed");
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 20);
    expect(toast).toBeInTheDocument();
    vi.advanceTimersByTime(40);
    expect(toast).not.toBeInTheDocument();
    expect([TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, SWIPE_THRESHOLD_PX]).toEqual([5000, 4000, 50]);
  });

  it("gives the server's notification a close button only once the behaviour runs", () => {
    document.body.innerHTML = renderToStaticMarkup(createElement(ToastRegion, { initial: { title: "Cart cleared", type: "success" } }));
    expect(screen.queryByRole("button", { name: "Dismiss notification" })).toBeNull();
    detach = attachBehaviors(document, [toasts]);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    expect(screen.getByRole("status")).toHaveAttribute("data-state", "closed");
  });

  it("shows one notification at a time: a new one replaces the old", () => {
    detach = page({ title: "First", type: "success" });
    showToast({ title: "Second", type: "info" });
    showToast({ title: "Third", description: "and <b>last</b>", type: "success" });
    expect(region().querySelectorAll(".toast")).toHaveLength(1);
    expect(region()).toHaveTextContent("Third");
    expect(region()).not.toHaveTextContent("First");
    // Text stays text.
    expect(region().querySelector("b")).toBeNull();
    // The new one has the full 5000 ms.
    vi.advanceTimersByTime(TOAST_DURATION_MS - 10);
    expect(screen.getByRole("status")).toHaveAttribute("data-state", "open");
  });

  it("is dismissed by a swipe right of more than 50 px, not by less, nor by a cancelled swipe", () => {
    detach = page();
    showToast({ title: "Item removed", type: "success" });
    const toast = screen.getByRole("status");
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 100 + SWIPE_THRESHOLD_PX });
    expect(toast.style.transform).toBe(`translateX(${SWIPE_THRESHOLD_PX}px)`);
    fireEvent.pointerUp(toast, { clientX: 100 + SWIPE_THRESHOLD_PX });
    expect(toast).toHaveAttribute("data-state", "open");
    expect(toast.style.transform).toBe("");
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 200 });
    fireEvent.pointerCancel(toast);
    expect(toast).toHaveAttribute("data-state", "open");
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 40 });
    fireEvent.pointerUp(toast, { clientX: 40 });
    expect(toast).toHaveAttribute("data-state", "open");
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 100 + SWIPE_THRESHOLD_PX + 1 });
    fireEvent.pointerUp(toast, { clientX: 100 + SWIPE_THRESHOLD_PX + 1 });
    expect(toast).toHaveAttribute("data-state", "closed");
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(toast).not.toBeInTheDocument();
  });

  it("F8 focuses the notification area, and stops doing so once detached", () => {
    detach = page();
    const button = document.createElement("button");
    document.body.append(button);
    button.focus();
    fireEvent.keyDown(document, { key: "F8" });
    expect(document.activeElement).toBe(region());
    button.focus();
    detach();
    detach = () => {};
    fireEvent.keyDown(document, { key: "F8" });
    expect(document.activeElement).toBe(button);
  });

  it("announces errors as alerts and the rest as status", () => {
    detach = page({ title: "Select a color", type: "error" });
    expect(screen.getByRole("alert")).toHaveTextContent("Select a color");
    showToast({ title: "Saved", type: "info" });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Saved");
  });
});

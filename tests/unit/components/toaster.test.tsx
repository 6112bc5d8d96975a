import { act, fireEvent, render, screen } from "@testing-library/react";
import { ToastProvider, useToast } from "~/components/ui/toaster";
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS } from "~/lib/behavior-contract";

function Pusher({ title }: { title: string }) {
  const push = useToast();
  return (
    <button type="button" onClick={() => push({ title, type: "success" })}>
      push {title}
    </button>
  );
}

describe("notifications (storefront spec section 4)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows for 5000 ms, then is removed 4000 ms after being dismissed", () => {
    render(
      <ToastProvider initial={{ title: "Added to cart", description: "Item has been added to your cart successfully.", type: "success" }}>
        {null}
      </ToastProvider>,
    );
    const toast = screen.getByRole("status");
    expect(toast).toHaveTextContent("Added to cart");
    expect(toast).toHaveAttribute("data-state", "open");
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 10));
    expect(screen.getByRole("status")).toHaveAttribute("data-state", "open");
    act(() => vi.advanceTimersByTime(20));
    expect(screen.getByRole("status")).toHaveAttribute("data-state", "closed");
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 20));
    expect(screen.queryByRole("status")).not.toBeNull();
    act(() => vi.advanceTimersByTime(40));
    expect(screen.queryByRole("status")).toBeNull();
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(4000);
  });

  it("shows one notification at a time: a new one replaces the old", () => {
    render(
      <ToastProvider initial={null}>
        <Pusher title="First" />
        <Pusher title="Second" />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText("push First"));
    fireEvent.click(screen.getByText("push Second"));
    const region = screen.getByRole("region", { name: "Notifications (F8)" });
    expect(region.querySelectorAll(".toast")).toHaveLength(1);
    expect(region).toHaveTextContent("Second");
    expect(region).not.toHaveTextContent("First");
  });

  it("is dismissed by a swipe right of more than 50 px, not less", () => {
    render(<ToastProvider initial={{ title: "Item removed", type: "success" }}>{null}</ToastProvider>);
    const toast = screen.getByRole("status");
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 140 });
    fireEvent.pointerUp(toast, { clientX: 140 });
    expect(toast).toHaveAttribute("data-state", "open");
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 160 });
    fireEvent.pointerUp(toast, { clientX: 160 });
    expect(toast).toHaveAttribute("data-state", "closed");
  });

  it("is dismissed by its close button", () => {
    render(<ToastProvider initial={{ title: "Cart cleared", type: "success" }}>{null}</ToastProvider>);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    expect(screen.getByRole("status")).toHaveAttribute("data-state", "closed");
  });

  it("F8 focuses the notification area", () => {
    render(<ToastProvider initial={null}>{null}</ToastProvider>);
    fireEvent.keyDown(window, { key: "F8" });
    expect(document.activeElement).toBe(screen.getByRole("region", { name: "Notifications (F8)" }));
  });

  it("errors are announced as alerts", () => {
    render(<ToastProvider initial={{ title: "Select a color", type: "error" }}>{null}</ToastProvider>);
    expect(screen.getByRole("alert")).toHaveTextContent("Select a color");
  });
});

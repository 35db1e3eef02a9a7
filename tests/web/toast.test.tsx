import { act, fireEvent, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider, useToast, type ToastApi } from "@/lib/toast";

const captured: { api?: ToastApi } = {};
function Capture() {
  const api = useToast();
  useEffect(() => {
    captured.api = api;
  }, [api]);
  return null;
}
const toast = new Proxy({} as ToastApi, { get: (_, key: keyof ToastApi) => captured.api![key] });

function renderToasts() {
  render(
    <ToastProvider>
      <Capture />
    </ToastProvider>,
  );
}

const show = (fn: () => void) => act(fn);
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("notifications", () => {
  it("render top-right in an aria-live region", () => {
    renderToasts();
    show(() => toast.info("Heads up"));
    const region = screen.getByRole("region", { name: "Notifications" });
    expect(region.className).toContain("top-4");
    expect(region.className).toContain("right-4");
    expect(region.querySelector("[aria-live=polite]")?.textContent).toContain("Heads up");
  });

  it.each(["success", "warning", "info"] as const)("a %s notification disappears after 5000 ms", (type) => {
    renderToasts();
    show(() => toast[type](`A ${type} message`));
    advance(4999);
    expect(screen.getByText(`A ${type} message`)).toBeTruthy();
    advance(1);
    expect(screen.queryByText(`A ${type} message`)).toBeNull();
  });

  it("an error notification stays 8000 ms and is announced as an alert", () => {
    renderToasts();
    show(() => toast.error("Failed to save article"));
    expect(screen.getByRole("alert").textContent).toContain("Failed to save article");
    advance(7999);
    expect(screen.getByText("Failed to save article")).toBeTruthy();
    advance(1);
    expect(screen.queryByText("Failed to save article")).toBeNull();
  });

  it("a per-notification duration overrides the type's (sign-in failure: error for 5000 ms)", () => {
    renderToasts();
    show(() => toast.error("Login failed. Please try again.", { duration: 5000 }));
    advance(5000);
    expect(screen.queryByText("Login failed. Please try again.")).toBeNull();
  });

  it("the close button removes only its notification", () => {
    renderToasts();
    show(() => {
      toast.success("First");
      toast.warning("Second");
    });
    const [firstClose] = screen.getAllByRole("button", { name: "Close notification" });
    fireEvent.click(firstClose!);
    expect(screen.queryByText("First")).toBeNull();
    expect(screen.getByText("Second")).toBeTruthy();
  });
});

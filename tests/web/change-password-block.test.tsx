import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fill, renderDialog, submit, wrongPassword } from "./helpers/change-password";

afterEach(() => vi.unstubAllGlobals());

// Alone in its file: the block is module state that lasts until the page is refreshed.
describe("change-password dialog, three failures", () => {
  it("blocks the form after the third failure until the page is refreshed, even after closing the dialog", async () => {
    const fetchSpy = wrongPassword();
    vi.stubGlobal("fetch", fetchSpy);
    const { unmount } = renderDialog();
    await fill("Wrong!Pass1", "New!Pass12");
    submit();
    expect(await screen.findByText("First failed attempt. 2 attempts remaining.")).toBeTruthy();
    submit();
    expect(await screen.findByText("Second failed attempt. 1 attempt remaining.")).toBeTruthy();
    submit();
    expect(await screen.findByText("Too many failed attempts. Please refresh the page and try again.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Change Password" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText("Current password") as HTMLInputElement).disabled).toBe(true);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    unmount();

    renderDialog();
    expect(screen.getByText("Too many failed attempts. Please refresh the page and try again.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Change Password" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

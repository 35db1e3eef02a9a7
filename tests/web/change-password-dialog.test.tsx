import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fill, renderDialog, submit, WRONG, wrongPassword } from "./helpers/change-password";

/** The error linked to a field (aria-describedby), or undefined. */
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  return input.getAttribute("aria-invalid") === "true"
    ? document.getElementById(input.getAttribute("aria-describedby")!.split(" ").at(-1)!)?.textContent
    : undefined;
};

afterEach(() => vi.unstubAllGlobals());

// The block after three failures lasts until the page is refreshed (module state), so it has its
// own file (change-password-block.test.tsx): files get fresh modules, tests in a file do not.
describe("change-password dialog", () => {
  it("checks the server's rules on the client, each message under its field, and does not count them as attempts", async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    renderDialog();
    submit();
    await vi.waitFor(() => expect(errorOf("Current password")).toBe("Current password is required."));
    expect(errorOf("New password")).toMatch(/^New password does not meet requirements: at least 8 characters/);
    await fill("Old!Pass1", "short");
    submit();
    expect(errorOf("Current password")).toBeUndefined();
    expect(errorOf("New password")).toMatch(/^New password does not meet requirements: at least 8 characters/);
    await fill("Old!Pass1", "New!Pass12", "New!Pass13");
    submit();
    expect(errorOf("New password")).toBeUndefined();
    expect(errorOf("Confirm new password")).toBe("New passwords do not match.");
    await fill("Old!Pass1", "Old!Pass1");
    submit();
    expect(errorOf("New password")).toBe("New password must be different from current password.");
    expect(screen.queryByText(/attempt/)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("counts server failures and resets the counter when the dialog is closed", async () => {
    vi.stubGlobal("fetch", wrongPassword());
    const { onClose, unmount } = renderDialog();
    await fill("Wrong!Pass1", "New!Pass12");
    submit();
    expect(await screen.findByText("First failed attempt. 2 attempts remaining.")).toBeTruthy();
    expect(errorOf("Current password")).toBe("Current password is incorrect.");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalled();
    unmount();

    renderDialog();
    expect(screen.queryByRole("alert")).toBeNull();
    await fill("Wrong!Pass1", "New!Pass12");
    submit();
    expect(await screen.findByText("First failed attempt. 2 attempts remaining.")).toBeTruthy();
  });

  it("resets the counter on success and reports the change", async () => {
    const responses = [Response.json(WRONG, { status: 400 }), new Response(null, { status: 204 })];
    vi.stubGlobal("fetch", vi.fn(async () => responses.shift()!));
    const { onChanged } = renderDialog();
    await fill("Wrong!Pass1", "New!Pass12");
    submit();
    expect(await screen.findByText("First failed attempt. 2 attempts remaining.")).toBeTruthy();
    await fill("Right!Pass1", "New!Pass12");
    submit();
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/attempt/)).toBeNull();
  });
});

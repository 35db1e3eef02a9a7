import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChangePasswordDialog } from "@/features/profile/components/change-password-dialog";

const WRONG = { code: "validation_failed", message: "Current password is incorrect.", errors: { currentPassword: ["Current password is incorrect."] } };
const wrongPassword = () => vi.fn(async () => Response.json(WRONG, { status: 400 }));

function renderDialog(onClose = vi.fn(), onChanged = vi.fn()) {
  const utils = render(<ChangePasswordDialog open onClose={onClose} onChanged={onChanged} />);
  return { ...utils, onClose, onChanged };
}

async function fill(current: string, next: string, confirm = next) {
  const cur = screen.getByLabelText("Current password");
  const nw = screen.getByLabelText("New password");
  const cf = screen.getByLabelText("Confirm new password");
  await userEvent.clear(cur);
  await userEvent.clear(nw);
  await userEvent.clear(cf);
  if (current) await userEvent.type(cur, current);
  if (next) await userEvent.type(nw, next);
  if (confirm) await userEvent.type(cf, confirm);
}

const submit = () => fireEvent.click(screen.getByRole("button", { name: "Change Password" }));

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

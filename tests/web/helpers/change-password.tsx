import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { vi } from "vitest";
import { ChangePasswordDialog } from "@/features/profile/components/change-password-dialog";

/** Driving the change-password dialog (tests/web/change-password-*.test.tsx). */
export const WRONG = { code: "validation_failed", message: "Current password is incorrect.", errors: { currentPassword: ["Current password is incorrect."] } };
export const wrongPassword = () => vi.fn(async () => Response.json(WRONG, { status: 400 }));

export function renderDialog(onClose = vi.fn(), onChanged = vi.fn()) {
  const utils = render(<ChangePasswordDialog open onClose={onClose} onChanged={onChanged} />);
  return { ...utils, onClose, onChanged };
}

export async function fill(current: string, next: string, confirm = next) {
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

export const submit = () => fireEvent.click(screen.getByRole("button", { name: "Change Password" }));

import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, type DialogPlacement } from "@/components/ui/dialog";

function Harness({ dismissible = true, placement }: { dismissible?: boolean; placement?: DialogPlacement }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Change Password
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Change Password" description="Pick a new one." dismissible={dismissible} placement={placement}>
        <p>Body text</p>
        <input aria-label="Name" />
      </Dialog>
    </>
  );
}

describe("dialog", () => {
  it("opens as a dialog labelled by its title and described by its description", async () => {
    render(<Harness />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Change Password" }));
    const dialog = screen.getByRole("dialog", { name: "Change Password" });
    expect(dialog.getAttribute("aria-describedby")).toBe(screen.getByText("Pick a new one.").id);
    expect(screen.getByText("Body text")).toBeTruthy();
  });

  it("the close button closes it and focus returns to the opener", async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const opener = screen.getByRole("button", { name: "Change Password" });
    await user.click(opener);
    await user.click(screen.getByRole("button", { name: "Close dialog" }));
    expect(screen.queryByText("Body text")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("Escape (the dialog's cancel event) closes it unless it is not dismissible", async () => {
    const { unmount } = render(<Harness />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Change Password" }));
    fireEvent(screen.getByRole("dialog"), new Event("cancel", { cancelable: true }));
    expect(screen.queryByText("Body text")).toBeNull();
    unmount();

    render(<Harness dismissible={false} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Change Password" }));
    fireEvent(screen.getByRole("dialog"), new Event("cancel", { cancelable: true }));
    expect(screen.getByText("Body text")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Close dialog" })).toBeNull();
  });

  it("moves focus to the close button on open and keeps Tab and Shift+Tab inside", async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    const close = screen.getByRole("button", { name: "Close dialog" });
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Name" }));
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Name" }));
  });

  it("Escape pressed inside closes it and focus returns to the opener; the page scroll is locked while open", async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const opener = screen.getByRole("button", { name: "Change Password" });
    await user.click(opener);
    expect(document.body.style.overflow).toBe("hidden");
    await user.keyboard("{Escape}");
    expect(screen.queryByText("Body text")).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe("");
  });

  it("a click on the backdrop (the dialog element itself) closes it; a click inside does not", async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    await user.click(screen.getByText("Body text"));
    expect(screen.getByText("Body text")).toBeTruthy();
    fireEvent.click(screen.getByRole("dialog"));
    expect(screen.queryByText("Body text")).toBeNull();
  });

  it.each(["center", "sheet", "side"] as const)("renders the %s placement", async (placement) => {
    render(<Harness placement={placement} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Change Password" }));
    expect(screen.getByRole("dialog", { name: "Change Password" }).getAttribute("data-placement")).toBe(placement);
  });
});

describe("confirm dialog", () => {
  function ConfirmHarness({ pending = false, onConfirm = () => {} }: { pending?: boolean; onConfirm?(): void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Delete
        </button>
        <ConfirmDialog
          open={open}
          title="Delete article"
          message='Are you sure you want to delete "Patch day"?'
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          pending={pending}
          onConfirm={onConfirm}
          onCancel={() => setOpen(false)}
        />
      </>
    );
  }

  it("asks the question with Cancel focused first; Confirm calls back, Cancel closes", async () => {
    let confirmed = 0;
    render(<ConfirmHarness onConfirm={() => confirmed++} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete article" });
    expect(dialog.textContent).toContain('Are you sure you want to delete "Patch day"?');
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(confirmed).toBe(1);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("while pending both buttons are disabled, the confirm button says so and Escape does nothing", async () => {
    render(<ConfirmHarness pending />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("dialog");
    expect((within(dialog).getByRole("button", { name: "Deleting..." }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});

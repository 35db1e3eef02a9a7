import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Dialog } from "@/components/ui/dialog";

function Harness({ dismissible = true }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Change Password
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Change Password" description="Pick a new one." dismissible={dismissible}>
        <p>Body text</p>
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
});

import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCKED_NOTICE, LoginForm } from "@/features/auth/components/login-form";
import { SessionProvider } from "@/lib/session";
import { ToastProvider } from "@/lib/toast";

function renderForm() {
  return render(
    <MemoryRouter>
      <ToastProvider>
        <SessionProvider>
          <LoginForm />
        </SessionProvider>
      </ToastProvider>
    </MemoryRouter>,
  );
}

const describedText = (input: HTMLElement) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("login form", () => {
  it("checks the fields with the server's schema and shows each message under its field, without calling the server", async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(describedText(await screen.findByLabelText("Email"))).toBe("Email is required.");
    expect(describedText(screen.getByLabelText("Password"))).toBe("Password is required.");
    await userEvent.type(screen.getByLabelText("Email"), "not-an-email");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(describedText(screen.getByLabelText("Email"))).toBe("Please enter a valid email address.");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("a 423 answer (code account_locked) shows the server's message and the lock notice", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ code: "account_locked", message: "Locked for now." }, { status: 423 })),
    );
    renderForm();
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "whatever");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    const alert = await screen.findByText("Sign In Failed");
    const box = alert.closest("[role=alert]") as HTMLElement;
    expect(within(box).getByText("Locked for now.")).toBeTruthy();
    expect(within(box).getByText(LOCKED_NOTICE)).toBeTruthy();
  });

  it("a 401 answer (invalid_credentials) shows the message without the lock notice", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ code: "invalid_credentials", message: "Invalid email or password." }, { status: 401 })),
    );
    renderForm();
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "whatever");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    const alert = (await screen.findByText("Sign In Failed")).closest("[role=alert]") as HTMLElement;
    expect(within(alert).getByText("Invalid email or password.")).toBeTruthy();
    expect(within(alert).queryByText(LOCKED_NOTICE)).toBeNull();
  });
});

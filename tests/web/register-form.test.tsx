import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RegisterForm } from "@/features/auth/components/register-form";
import { SessionProvider } from "@/lib/session";

function renderForm() {
  return render(
    <MemoryRouter>
      <SessionProvider>
        <RegisterForm />
      </SessionProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("register form", () => {
  it("lists every client problem under 'Please fix the following issues:' with the spec's messages, without calling the server", async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    renderForm();
    await userEvent.type(screen.getByLabelText("Password"), "abc");
    await userEvent.type(screen.getByLabelText("Confirm password"), "abd");
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Please fix the following issues:")).toBeTruthy();
    const items = within(alert).getAllByRole("listitem").map((li) => li.textContent);
    expect(items).toEqual([
      "Passwords do not match.",
      "Password must be at least 8 characters long.",
      "Password must contain at least one uppercase letter.",
      "Password must contain at least one number.",
      "Password must contain at least one special character.",
      "Email is required.",
      "First name is required.",
      "Last name is required.",
    ]);
    // Each field also carries its own first message, linked to the input.
    const email = screen.getByLabelText("Email");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby")!)!.textContent).toBe("Email is required.");
    expect(screen.getByLabelText("Confirm password").getAttribute("aria-invalid")).toBe("true");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("ticks the live checklist as each password requirement is met", async () => {
    renderForm();
    const checklist = screen.getByRole("list", { name: "Password requirements" });
    const met = () => within(checklist).getAllByRole("listitem").filter((li) => li.dataset.met === "true").length;
    expect(met()).toBe(0);
    await userEvent.type(screen.getByLabelText("Password"), "a");
    expect(met()).toBe(1);
    await userEvent.type(screen.getByLabelText("Password"), "A1!xxxx");
    expect(met()).toBe(5);
  });

  it("toggles the password's visibility with an aria-pressed button", async () => {
    renderForm();
    const input = screen.getByLabelText("Password") as HTMLInputElement;
    const [toggle] = screen.getAllByRole("button", { name: "Show password" });
    expect(input.type).toBe("password");
    expect(toggle!.getAttribute("aria-pressed")).toBe("false");
    await userEvent.click(toggle!);
    expect(input.type).toBe("text");
    expect(screen.getAllByRole("button", { name: "Hide password" })[0]!.getAttribute("aria-pressed")).toBe("true");
  });

  it("shows the server's reasons when the server refuses (409 email taken)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          { message: "An account with this email already exists.", errors: { email: ["An account with this email already exists."] } },
          { status: 409 },
        ),
      ),
    );
    renderForm();
    await userEvent.type(screen.getByLabelText("First name"), "Ada");
    await userEvent.type(screen.getByLabelText("Last name"), "Lovelace");
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "Secret!2025");
    await userEvent.type(screen.getByLabelText("Confirm password"), "Secret!2025");
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["An account with this email already exists."]);
    const email = screen.getByLabelText("Email");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby")!)!.textContent).toBe("An account with this email already exists.");
  });

  it("shows the server's message when it refuses without field errors (403 registration disabled)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ code: "registration_disabled", message: "Registration is currently disabled." }, { status: 403 })),
    );
    renderForm();
    await userEvent.type(screen.getByLabelText("First name"), "Ada");
    await userEvent.type(screen.getByLabelText("Last name"), "Lovelace");
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "Secret!2025");
    await userEvent.type(screen.getByLabelText("Confirm password"), "Secret!2025");
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Registration is currently disabled."]);
  });
});

import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHECK_INBOX_TITLE } from "@/features/auth/components/check-inbox";
import { RegisterForm } from "@/features/auth/components/register-form";
import { Component as RegisterPage } from "@/features/auth/routes/register";
import { SessionProvider } from "@/lib/session";
import { Providers, storeSession } from "./helpers/render-app";

function renderForm(onRegistered?: (email: string) => void) {
  return render(
    <MemoryRouter>
      <SessionProvider>
        <RegisterForm onRegistered={onRegistered} />
      </SessionProvider>
    </MemoryRouter>,
  );
}

async function fillValidForm(email = "ada@example.com") {
  await userEvent.type(screen.getByLabelText("First name"), "Ada");
  await userEvent.type(screen.getByLabelText("Last name"), "Lovelace");
  await userEvent.type(screen.getByLabelText("Email"), email);
  await userEvent.type(screen.getByLabelText("Password"), "Secret!2025");
  await userEvent.type(screen.getByLabelText("Confirm password"), "Secret!2025");
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

  it("shows the server's reasons when the server refuses with field errors (400)", async () => {
    const reason = "Text must not contain control characters.";
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ code: "validation_failed", message: "Validation failed.", errors: { email: [reason] } }, { status: 400 })));
    renderForm();
    await fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getAllByRole("listitem").map((li) => li.textContent)).toEqual([reason]);
    const email = screen.getByLabelText("Email");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby")!)!.textContent).toBe(reason);
  });

  it("shows the server's message when it refuses without field errors (403 registration disabled)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ code: "registration_disabled", message: "Registration is currently disabled." }, { status: 403 })),
    );
    renderForm();
    await fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Registration is currently disabled."]);
  });

  it("on the server's 202 tells the page the address (as the server stores it) and signs nobody in", async () => {
    const fetchSpy = vi.fn(async () => Response.json({ message: "Check your inbox: we've sent a message to that address with what to do next." }, { status: 202 }));
    vi.stubGlobal("fetch", fetchSpy);
    const onRegistered = vi.fn();
    renderForm(onRegistered);
    await fillValidForm(" Ada@Example.com");
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalledWith("ada@example.com"));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem("authToken")).toBeNull();
  });

  it("the page shows 'Check your inbox' naming the address, with a link to sign in", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ message: "Check your inbox." }, { status: 202 })));
    storeSession(null);
    const router = createMemoryRouter(
      [
        { path: "/register", Component: RegisterPage },
        { path: "/login", element: <h1>Sign in page</h1> },
      ],
      { initialEntries: ["/register"] },
    );
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    await fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    const status = await screen.findByRole("status");
    expect(within(status).getByRole("heading", { name: CHECK_INBOX_TITLE })).toBeTruthy();
    expect(status.textContent).toContain("We sent a message to ada@example.com.");
    await userEvent.click(screen.getByRole("link", { name: "Sign In" }));
    expect(await screen.findByRole("heading", { name: "Sign in page" })).toBeTruthy();
  });
});

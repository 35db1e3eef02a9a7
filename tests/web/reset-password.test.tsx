import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Component as ResetPasswordPage, PASSWORD_RESET_DONE } from "@/features/auth/routes/reset-password";
import { Providers, storeSession } from "./helpers/render-app";

afterEach(() => vi.restoreAllMocks());

let n = 0;
/** A token no other test used (SWR keeps answers by key for the whole file). */
const token = () => `token-${++n}-abcdefghijklmnopqrstuvwxyz`;

function renderPage(path: string, answer: (url: string, body: unknown) => Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
    const url = new URL(req.url).pathname;
    const body = req.method === "POST" ? await req.json().catch(() => null) : null;
    calls.push({ url, body });
    return answer(url, body);
  });
  storeSession(null);
  const router = createMemoryRouter([{ path: "/reset-password", Component: ResetPasswordPage }, { path: "/forgot-password", element: <h1>Forgot page</h1> }], {
    initialEntries: [path],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return calls;
}

describe("/reset-password", () => {
  it("without a token shows 'This Link Is Not Valid' with a link to ask again, and asks the server nothing", async () => {
    const calls = renderPage("/reset-password", () => Response.json({}));
    expect(await screen.findByRole("heading", { name: "This Link Is Not Valid" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ask for a New Link" }).getAttribute("href")).toBe("/forgot-password");
    expect(calls).toEqual([]);
  });

  it.each([
    ["link_expired", 400, "This Link Has Expired"],
    ["link_used", 400, "This Link Was Already Used"],
    ["not_found", 404, "This Link Is Not Valid"],
  ] as const)("a %s answer to the check shows '%s' with the server's reason", async (code, status, heading) => {
    renderPage(`/reset-password?token=${token()}`, () => Response.json({ code, message: `Reason for ${code}.` }, { status }));
    expect(await screen.findByRole("heading", { name: heading })).toBeTruthy();
    expect(screen.getByText(`Reason for ${code}.`)).toBeTruthy();
    expect(screen.queryByLabelText("New password")).toBeNull();
  });

  it("checks the link, then sets the new password (its rules first, in the browser) and says it was changed", async () => {
    const t = token();
    const calls = renderPage(`/reset-password?token=${t}`, (url) =>
      url.endsWith("/check") ? Response.json({ email: "rowan@example.com" }) : new Response(null, { status: 204 }),
    );
    expect(await screen.findByText("rowan@example.com")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("New password"), "short");
    fireEvent.click(screen.getByRole("button", { name: "Set New Password" }));
    expect(await screen.findByText("Password must be at least 8 characters long.")).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(["/api/auth/reset-password/check"]);

    await userEvent.clear(screen.getByLabelText("New password"));
    await userEvent.type(screen.getByLabelText("New password"), "Fresh!Pass2026");
    await userEvent.type(screen.getByLabelText("Confirm new password"), "Fresh!Pass2026");
    fireEvent.click(screen.getByRole("button", { name: "Set New Password" }));
    expect(await screen.findByText(PASSWORD_RESET_DONE)).toBeTruthy();
    expect(calls.at(-1)).toEqual({ url: "/api/auth/reset-password", body: { token: t, newPassword: "Fresh!Pass2026" } });
    expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/login");
  });

  it("a link that stops working while the form is open shows why (the reset answered link_used)", async () => {
    renderPage(`/reset-password?token=${token()}`, (url) =>
      url.endsWith("/check")
        ? Response.json({ email: "rowan@example.com" })
        : Response.json({ code: "link_used", message: "Used meanwhile." }, { status: 400 }),
    );
    await screen.findByText("rowan@example.com");
    await userEvent.type(screen.getByLabelText("New password"), "Fresh!Pass2026");
    await userEvent.type(screen.getByLabelText("Confirm new password"), "Fresh!Pass2026");
    fireEvent.click(screen.getByRole("button", { name: "Set New Password" }));
    expect(await screen.findByRole("heading", { name: "This Link Was Already Used" })).toBeTruthy();
    expect(screen.getByText("Used meanwhile.")).toBeTruthy();
  });
});

import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Component as VerifyEmailPage, CONFIRMED_TEXT, RESENT_TEXT } from "@/features/auth/routes/verify-email";
import { Providers, storeSession, testUser } from "./helpers/render-app";

afterEach(() => vi.restoreAllMocks());

function renderPage(path: string, fetchImpl: (url: string, method: string) => Response) {
  const calls: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
    const url = new URL(req.url).pathname;
    calls.push(`${req.method} ${url}`);
    return fetchImpl(url, req.method);
  });
  const router = createMemoryRouter([{ path: "/verify-email", Component: VerifyEmailPage }], { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return calls;
}

describe("/verify-email", () => {
  it("uses the token only when the button is pressed, then says the address is confirmed", async () => {
    storeSession(null);
    const calls = renderPage("/verify-email?token=abcdefghijklmnopqrstuvwxyz", () => Response.json({ emailConfirmed: true }));
    expect(calls.filter((c) => c.includes("verify-email"))).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Confirm E-mail Address" }));
    expect(await screen.findByText(CONFIRMED_TEXT)).toBeTruthy();
    expect(calls).toContain("POST /api/auth/verify-email");
  });

  it("shows the server's reason for a used link and offers a signed-in member a new one", async () => {
    const user = testUser("user", { emailConfirmed: false });
    storeSession(user);
    renderPage("/verify-email?token=abcdefghijklmnopqrstuvwxyz", (url) => {
      if (url.endsWith("/me")) return Response.json({ user });
      if (url.endsWith("/verify-email")) {
        return Response.json({ code: "verification_failed", message: "This verification link was already used (or replaced by a newer one)." }, { status: 400 });
      }
      return Response.json({ sent: true }, { status: 202 });
    });
    fireEvent.click(screen.getByRole("button", { name: "Confirm E-mail Address" }));
    expect(await screen.findByText("This verification link was already used (or replaced by a newer one).")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: `Send a new link to ${user.email}` }));
    expect(await screen.findByText(RESENT_TEXT)).toBeTruthy();
  });
});

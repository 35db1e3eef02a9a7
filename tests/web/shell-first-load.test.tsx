import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PagePending, RootLayout } from "@/app/root-layout";
import { Providers, storeSession } from "./helpers/render-app";

describe("first load of a lazy page", () => {
  it("the shell paints at once and stays mounted (an open mobile menu survives) when the page module arrives", async () => {
    storeSession(null);
    let resolvePage!: (module: { Component: () => React.ReactNode }) => void;
    const pageModule = new Promise<{ Component: () => React.ReactNode }>((resolve) => (resolvePage = resolve));
    const router = createMemoryRouter(
      [{ Component: RootLayout, children: [{ HydrateFallback: PagePending, children: [{ index: true, lazy: () => pageModule }] }] }],
      { initialEntries: ["/"] },
    );
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );

    // Header and footer are there before the page's code.
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("button", { name: "Open menu" }));
    const dialog = await screen.findByRole("dialog", { name: "Menu" });

    await act(async () => resolvePage({ Component: () => <h1>Home page</h1> }));
    expect(await screen.findByRole("heading", { name: "Home page" })).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Menu" })).toBe(dialog);
  });
});

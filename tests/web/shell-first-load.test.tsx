import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PagePending } from "@/app/page-pending";
import { RootLayout } from "@/app/root-layout";
import type { PageModule } from "@/app/routes";
import { HydrationProvider } from "@/lib/hydrated";
import { Providers, storeSession } from "./helpers/render-app";

describe("first load of a member page (the Worker renders the shell, the browser loads the page)", () => {
  it("the shell shows at once and stays mounted (an open mobile menu survives) when the page module arrives", async () => {
    storeSession(null);
    let resolvePage!: (module: PageModule) => void;
    const pageModule = new Promise<PageModule>((resolve) => (resolvePage = resolve));
    // As web/src/app/router.tsx makes a page's route: its module on demand, the waiting page area meanwhile.
    const page = { index: true, HydrateFallback: PagePending, lazy: async () => ({ Component: (await pageModule).Component }) };
    const router = createMemoryRouter([{ Component: RootLayout, children: [page] }], { initialEntries: ["/"] });
    render(
      <HydrationProvider hydrating>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </HydrationProvider>,
    );

    // Header and footer are there before the page's code; the page area waits, busy.
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    expect(document.querySelector('main [aria-busy="true"]')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("button", { name: "Open menu" }));
    const dialog = await screen.findByRole("dialog", { name: "Menu" });

    await act(async () => resolvePage({ Component: () => <h1>Home page</h1> }));
    expect(await screen.findByRole("heading", { name: "Home page" })).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Menu" })).toBe(dialog);
    expect(document.querySelector('main [aria-busy="true"]')).toBeNull();
  });
});

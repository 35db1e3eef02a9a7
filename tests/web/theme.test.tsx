import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ThemeToggle } from "@/app/shell/theme-toggle";
import { ThemeProvider, useTheme } from "@/lib/theme";

/** A controllable prefers-color-scheme (the browser API, not app code). */
function fakeSystemPreference(dark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: dark,
    media: "(prefers-color-scheme: dark)",
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
  };
  vi.stubGlobal("matchMedia", () => query);
  return {
    set(next: boolean) {
      query.matches = next;
      act(() => listeners.forEach((listener) => listener({ matches: next } as MediaQueryListEvent)));
    },
  };
}

function Probe() {
  const { theme, isStored } = useTheme();
  return <p data-testid="probe">{`${theme}${isStored ? " stored" : ""}`}</p>;
}

function renderTheme() {
  return render(
    <ThemeProvider>
      <Probe />
      <ThemeToggle />
    </ThemeProvider>,
  );
}

const html = () => document.documentElement;

beforeEach(() => {
  localStorage.clear();
  html().classList.remove("dark");
});
afterEach(() => vi.unstubAllGlobals());

describe("theme", () => {
  it("starts from the system preference when nothing is stored", () => {
    fakeSystemPreference(true);
    renderTheme();
    expect(screen.getByTestId("probe").textContent).toBe("dark");
    expect(html().classList.contains("dark")).toBe(true);
  });

  it("follows the system preference live while nothing is stored", () => {
    const system = fakeSystemPreference(false);
    renderTheme();
    expect(html().classList.contains("dark")).toBe(false);
    system.set(true);
    expect(screen.getByTestId("probe").textContent).toBe("dark");
    expect(html().classList.contains("dark")).toBe(true);
    system.set(false);
    expect(html().classList.contains("dark")).toBe(false);
  });

  it("a stored choice wins over the system preference and is not overridden by system changes", () => {
    localStorage.setItem("theme", "light");
    const system = fakeSystemPreference(true);
    renderTheme();
    expect(screen.getByTestId("probe").textContent).toBe("light stored");
    system.set(true);
    expect(html().classList.contains("dark")).toBe(false);
  });

  it("the toggle flips the theme, sets the html class and saves it under localStorage 'theme'", async () => {
    const system = fakeSystemPreference(false);
    renderTheme();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Switch to dark mode" }));
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(html().classList.contains("dark")).toBe(true);
    expect(html().style.colorScheme).toBe("dark");
    // Once chosen, the system no longer drives it.
    system.set(false);
    expect(html().classList.contains("dark")).toBe(true);
    await user.click(screen.getByRole("button", { name: "Switch to light mode" }));
    expect(localStorage.getItem("theme")).toBe("light");
    expect(html().classList.contains("dark")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { renderShell } from "@/prerender";

// Hydration itself (no mismatch for any URL, session or theme) is checked in real Chromium on the
// production build: tests/e2e/edge-paint.spec.ts.
describe("the prerendered shell", () => {
  it("holds the header with the public links, Sign In/Sign Up and the footer, with no current page marked", () => {
    const html = renderShell();
    for (const label of ["Home", "News", "Factions", "Screenshots", "Forum", "Sign In", "Sign Up", "Skip to content"]) {
      expect(html).toContain(`>${label}<`);
    }
    expect(html).toContain("An unofficial fan site");
    expect(html).toContain('aria-label="Switch theme"');
    expect(html).not.toContain("aria-current");
  });
});

/**
 * The session at the app's takeover: the first requests of the commit (the once-per-load
 * /api/auth/me) may answer before React runs the commit's passive effects, since the app takes
 * over in a transition. A 401 answered that early must still end the session.
 */
import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import { SWRConfig } from "swr";
import { afterEach, expect, it, vi } from "vitest";
import { SessionProvider, useSession } from "@/lib/session";
import { storeSession, testUser } from "./helpers/render-app";

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

function Status() {
  return <p data-testid="status">{useSession().status}</p>;
}

it("a 401 from /api/auth/me answered before the takeover's passive effects ends the session", async () => {
  storeSession(testUser("user"));
  vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
    Response.json({ code: "unauthorized", message: "Your session has expired. Please sign in again." }, { status: 401 }),
  );
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <SessionProvider>
          <Status />
        </SessionProvider>
      </SWRConfig>,
    ),
  );
  await vi.waitFor(() => expect(container.textContent).toBe("unauthenticated"));
  expect(localStorage.getItem("authToken")).toBeNull();
  root.unmount();
  container.remove();
});

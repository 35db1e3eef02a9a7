import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => cleanup());

/**
 * Web tests never reach a network. A call a test has not stubbed (`vi.spyOn(globalThis, "fetch")`)
 * fails the way an unreachable server does, a TypeError, without trying one: happy-dom would
 * otherwise connect to its own origin (localhost:3000), and whatever happened to listen there
 * could answer (a 401 would sign the test's user out).
 */
globalThis.fetch = async (input: RequestInfo | URL) => {
  const url = input instanceof Request ? input.url : String(input);
  throw new TypeError(`Failed to fetch ${url}: web tests are offline (stub fetch for this call)`);
};

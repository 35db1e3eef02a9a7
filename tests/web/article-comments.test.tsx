import { act, render, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ArticleComments } from "@/features/news/components/article-comments";
import { fastCommentsScriptUrl } from "@/lib/fastcomments";
import { isLocalHostname } from "@/lib/local-host";
import { SessionProvider } from "@/lib/session";
import { storeSession, testUser } from "./helpers/render-app";

/** Each test gets its own SWR cache, as a fresh page load would; the session is what storage holds. */
const renderComments = (ui: React.ReactElement) =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <SessionProvider>{ui}</SessionProvider>
    </SWRConfig>,
  );

/**
 * happy-dom has no layout, so its IntersectionObserver never reports anything: this one reports
 * each observed element as on screen when `reveal()` is called.
 */
let observed: { element: Element; callback: IntersectionObserverCallback; observer: IntersectionObserver }[] = [];
class ManualIntersectionObserver {
  constructor(private callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    observed.push({ element, callback: this.callback, observer: this as unknown as IntersectionObserver });
  }
  disconnect() {
    observed = observed.filter((o) => o.observer !== (this as unknown as IntersectionObserver));
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}
function reveal() {
  for (const { element, callback, observer } of [...observed]) {
    act(() => callback([{ isIntersecting: true, target: element } as unknown as IntersectionObserverEntry], observer));
  }
}

type HappyWindow = Window & { happyDOM: { setURL(url: string): void }; FastCommentsUI?: unknown };
const win = window as unknown as HappyWindow;

describe("comment widget host check", () => {
  it("treats localhost and IP addresses as development", () => {
    for (const host of ["localhost", "app.localhost", "127.0.0.1", "192.168.1.20", "[::1]", "::1"]) {
      expect(isLocalHostname(host), host).toBe(true);
    }
    for (const host of ["realmcodex.example", "news.example.com", "1.2.3.4.example.com"]) {
      expect(isLocalHostname(host), host).toBe(false);
    }
  });

  it("uses the EU CDN only for region eu", () => {
    expect(fastCommentsScriptUrl("eu")).toBe("https://cdn-eu.fastcomments.com/js/embed-v2.min.js");
    expect(fastCommentsScriptUrl(null)).toBe("https://cdn.fastcomments.com/js/embed-v2.min.js");
  });
});

describe("live comment widget (non-local host)", () => {
  const SSO = {
    tenantId: "tenant-1",
    region: null,
    userDataJSONBase64: "eyJpZCI6IjEifQ==",
    verificationHash: "abc123",
    timestamp: 1700000000000,
    loginURL: "https://realm.example/login",
    logoutURL: "https://realm.example/profile",
  };
  let appended: HTMLScriptElement[];
  /** Answers the SSO call with `sso` (a fresh response each time) and the session's own calls as the stored user. */
  const mockApi = (sso: () => Response = () => Response.json(SSO)) =>
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
      String(input instanceof Request ? input.url : input).includes("fastcomments-sso") ? sso() : Response.json(testUser("user")),
    );
  const ssoCalls = (spy: ReturnType<typeof mockApi>) =>
    spy.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes("fastcomments-sso")).length;

  beforeEach(() => {
    win.happyDOM.setURL("https://realm.example/news/5");
    storeSession(testUser("user"));
    observed = [];
    vi.stubGlobal("IntersectionObserver", ManualIntersectionObserver);
    appended = [];
    // Scripts are captured instead of loaded; the test fires their load/error events.
    vi.spyOn(document.head, "appendChild").mockImplementation(<T extends Node>(node: T) => {
      appended.push(node as unknown as HTMLScriptElement);
      return node;
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    storeSession(null);
    document.getElementById("comments-widget")?.remove();
    delete win.FastCommentsUI;
    win.happyDOM.setURL("http://localhost:3000/");
  });

  it("shows 'Oh no! The comments section could not be loaded.' when the script fails", async () => {
    mockApi();
    renderComments(<ArticleComments articleId={5} title="T" />);
    reveal();
    await waitFor(() => expect(appended).toHaveLength(1));
    expect(appended[0]!.src).toBe("https://cdn.fastcomments.com/js/embed-v2.min.js");
    appended[0]!.dispatchEvent(new Event("error"));
    expect(await screen.findByText("Oh no! The comments section could not be loaded.")).toBeTruthy();
    expect(screen.queryByTestId("comments-placeholder")).toBeNull();
  });

  it("mounts the widget with the SSO payload and the thread id news-{id}", async () => {
    mockApi();
    const ui = vi.fn();
    win.FastCommentsUI = ui;
    const { container } = renderComments(<ArticleComments articleId={5} title="Patch notes" />);
    reveal();
    await waitFor(() => expect(appended).toHaveLength(1));
    appended[0]!.dispatchEvent(new Event("load"));
    await waitFor(() => expect(ui).toHaveBeenCalledTimes(1));
    const config = ui.mock.calls[0]![1] as Record<string, unknown>;
    expect(config).toMatchObject({
      tenantId: "tenant-1",
      urlId: "news-5",
      url: "https://realm.example/news/5",
      pageTitle: "Patch notes",
      sso: {
        userDataJSONBase64: SSO.userDataJSONBase64,
        verificationHash: SSO.verificationHash,
        timestamp: SSO.timestamp,
        loginURL: SSO.loginURL,
        logoutURL: SSO.logoutURL,
      },
    });
    await waitFor(() => expect(container.querySelector('[data-state="Done"]')).not.toBeNull());
  });

  it("runs without SSO (demo tenant) when the token call fails, and logs it", async () => {
    mockApi(() => Response.json({ message: "boom" }, { status: 500 }));
    const ui = vi.fn();
    win.FastCommentsUI = ui;
    renderComments(<ArticleComments articleId={9} title="T" />);
    reveal();
    // The script is cached after the previous test's load; fire load if it was appended again.
    await waitFor(() => expect(ui.mock.calls.length + appended.length).toBeGreaterThan(0));
    for (const script of appended) script.dispatchEvent(new Event("load"));
    await waitFor(() => expect(ui).toHaveBeenCalledTimes(1));
    const config = ui.mock.calls[0]![1] as Record<string, unknown>;
    expect(config.sso).toBeUndefined();
    expect(config.tenantId).toBe("demo");
    expect(config.urlId).toBe("news-9");
    expect(console.error).toHaveBeenCalled();
  });

  it("a signed-in reader's widget asks for its sign-on only once it comes near the screen", async () => {
    const fetchSpy = mockApi();
    win.FastCommentsUI = vi.fn();
    renderComments(<ArticleComments articleId={11} title="T" />);
    await waitFor(() => expect(observed).toHaveLength(1));
    expect(ssoCalls(fetchSpy)).toBe(0);
    expect(appended).toHaveLength(0);
    reveal();
    await waitFor(() => expect(ssoCalls(fetchSpy)).toBe(1));
  });

  it("a guest's widget makes no API call: tenant and region come from the page, log-in and log-out links from the site", async () => {
    storeSession(null);
    const block = document.createElement("script");
    block.type = "application/json";
    block.id = "comments-widget";
    block.textContent = JSON.stringify({ tenantId: "tenant-9", region: "eu" });
    document.body.appendChild(block);
    const fetchSpy = mockApi();
    const ui = vi.fn();
    win.FastCommentsUI = ui;
    renderComments(<ArticleComments articleId={12} title="T" />);
    reveal();
    await waitFor(() => expect(appended.length).toBeGreaterThan(0));
    expect(appended[0]!.src).toBe("https://cdn-eu.fastcomments.com/js/embed-v2.min.js");
    appended[0]!.dispatchEvent(new Event("load"));
    await waitFor(() => expect(ui).toHaveBeenCalledTimes(1));
    expect(ui.mock.calls[0]![1]).toMatchObject({
      tenantId: "tenant-9",
      region: "eu",
      urlId: "news-12",
      sso: { loginURL: "https://realm.example/login", logoutURL: "https://realm.example/profile" },
    });
    expect(ssoCalls(fetchSpy)).toBe(0);
  });
});

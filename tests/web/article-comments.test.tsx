import { act, render, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ArticleComments } from "@/features/news/components/article-comments";
import { COMMENTS_FRAME_PATH, FRAME_MESSAGE } from "@shared/comments-frame";
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

type HappyWindow = Window & { happyDOM: { setURL(url: string): void } };
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

describe("live comment widget (non-local host): a sandboxed frame, settings by postMessage", () => {
  const SSO = {
    tenantId: "tenant-1",
    region: null,
    userDataJSONBase64: "eyJpZCI6IjEifQ==",
    verificationHash: "abc123",
    timestamp: 1700000000000,
    loginURL: "https://realm.example/login",
    logoutURL: "https://realm.example/profile",
  };
  /** Stands in for the frame's window: what the parent posts to it is recorded. */
  let frameWindow: { postMessage: ReturnType<typeof vi.fn> };
  /** Answers the SSO call with `sso` (a fresh response each time) and the session's own calls as the stored user. */
  const mockApi = (sso: () => Response = () => Response.json(SSO)) =>
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
      String(input instanceof Request ? input.url : input).includes("fastcomments-sso") ? sso() : Response.json(testUser("user")),
    );
  const ssoCalls = (spy: ReturnType<typeof mockApi>) =>
    spy.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes("fastcomments-sso")).length;
  /** A message as the sandboxed frame (opaque origin "null") or someone else sends it. */
  const fromFrame = (data: unknown, source: unknown = frameWindow, origin = "null") =>
    act(() => {
      window.dispatchEvent(new MessageEvent("message", { data, origin, source: source as MessageEventSource }));
    });
  const sentInit = () =>
    frameWindow.postMessage.mock.calls.map(([message]) => message as { type: string; config: Record<string, unknown> }).filter((m) => m.type === FRAME_MESSAGE.init);

  beforeEach(() => {
    win.happyDOM.setURL("https://realm.example/news/5");
    storeSession(testUser("user"));
    observed = [];
    vi.stubGlobal("IntersectionObserver", ManualIntersectionObserver);
    frameWindow = { postMessage: vi.fn() };
    vi.spyOn(HTMLIFrameElement.prototype, "contentWindow", "get").mockImplementation(() => frameWindow as unknown as Window);
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    storeSession(null);
    document.getElementById("comments-widget")?.remove();
    win.happyDOM.setURL("http://localhost:3000/");
  });

  it("embeds /comments-frame sandboxed without allow-same-origin, with a reserved min height", async () => {
    mockApi();
    renderComments(<ArticleComments articleId={5} title="T" />);
    reveal();
    const frame = (await screen.findByTestId("comments-frame")) as HTMLIFrameElement;
    expect(frame.getAttribute("src")).toBe(COMMENTS_FRAME_PATH);
    expect(frame.getAttribute("sandbox")).toBe("allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms");
    expect(frame.getAttribute("sandbox")).not.toContain("allow-same-origin");
    expect(frame.style.height).toBe("320px");
    expect(screen.queryByTestId("comments-placeholder")).toBeNull();
  });

  it("sends the frame only tenant, thread, page, theme and the SSO payload, once it says ready; follows its height", async () => {
    mockApi();
    const { container } = renderComments(<ArticleComments articleId={5} title="Patch notes" />);
    reveal();
    const frame = (await screen.findByTestId("comments-frame")) as HTMLIFrameElement;
    await waitFor(() => expect(container.querySelector("[data-state]")).not.toBeNull());
    fromFrame({ type: FRAME_MESSAGE.ready });
    await waitFor(() => expect(sentInit()).toHaveLength(1));
    expect(frameWindow.postMessage.mock.calls[0]![1]).toBe("*");
    expect(sentInit()[0]!.config).toEqual({
      tenantId: "tenant-1",
      urlId: "news-5",
      url: "https://realm.example/news/5",
      pageTitle: "Patch notes",
      hasDarkBackground: false,
      sso: {
        userDataJSONBase64: SSO.userDataJSONBase64,
        verificationHash: SSO.verificationHash,
        timestamp: SSO.timestamp,
        loginURL: SSO.loginURL,
        logoutURL: SSO.logoutURL,
      },
    });
    fromFrame({ type: FRAME_MESSAGE.height, height: 900 });
    expect(frame.style.height).toBe("900px");
    fromFrame({ type: FRAME_MESSAGE.height, height: 10 });
    expect(frame.style.height).toBe("320px");
    fromFrame({ type: FRAME_MESSAGE.state, state: "Done" });
    await waitFor(() => expect(container.querySelector('[data-state="Done"]')).not.toBeNull());
    expect(screen.queryByText("Loading comments...")).toBeNull();
  });

  it("ignores messages from other windows, and from its frame's window with a real origin", async () => {
    mockApi();
    const { container } = renderComments(<ArticleComments articleId={6} title="T" />);
    reveal();
    await screen.findByTestId("comments-frame");
    fromFrame({ type: FRAME_MESSAGE.ready }, window);
    fromFrame({ type: FRAME_MESSAGE.ready }, { postMessage() {} });
    fromFrame({ type: FRAME_MESSAGE.ready }, frameWindow, "https://evil.example");
    fromFrame({ type: FRAME_MESSAGE.state, state: "Error" }, window, "null");
    await waitFor(() => expect(container.querySelector('[data-state="Started"]')).not.toBeNull());
    expect(sentInit()).toHaveLength(0);
    expect(screen.queryByText("Oh no! The comments section could not be loaded.")).toBeNull();
  });

  it("shows 'Oh no! The comments section could not be loaded.' when the frame reports that the script failed", async () => {
    mockApi();
    renderComments(<ArticleComments articleId={5} title="T" />);
    reveal();
    await screen.findByTestId("comments-frame");
    fromFrame({ type: FRAME_MESSAGE.ready });
    await waitFor(() => expect(sentInit()).toHaveLength(1));
    fromFrame({ type: FRAME_MESSAGE.state, state: "Error" });
    expect(await screen.findByText("Oh no! The comments section could not be loaded.")).toBeTruthy();
    expect(screen.queryByTestId("comments-placeholder")).toBeNull();
  });

  it("runs without SSO (demo tenant) when the token call fails, and logs it", async () => {
    mockApi(() => Response.json({ message: "boom" }, { status: 500 }));
    renderComments(<ArticleComments articleId={9} title="T" />);
    reveal();
    await screen.findByTestId("comments-frame");
    fromFrame({ type: FRAME_MESSAGE.ready });
    await waitFor(() => expect(sentInit()).toHaveLength(1));
    const config = sentInit()[0]!.config;
    expect(config.sso).toBeUndefined();
    expect(config.tenantId).toBe("demo");
    expect(config.urlId).toBe("news-9");
    expect(console.error).toHaveBeenCalled();
  });

  it("a signed-in reader's widget asks for its sign-on only once it comes near the screen", async () => {
    const fetchSpy = mockApi();
    renderComments(<ArticleComments articleId={11} title="T" />);
    await waitFor(() => expect(observed).toHaveLength(1));
    expect(ssoCalls(fetchSpy)).toBe(0);
    expect(screen.queryByTestId("comments-frame")).toBeNull();
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
    renderComments(<ArticleComments articleId={12} title="T" />);
    reveal();
    await screen.findByTestId("comments-frame");
    fromFrame({ type: FRAME_MESSAGE.ready });
    await waitFor(() => expect(sentInit()).toHaveLength(1));
    expect(sentInit()[0]!.config).toMatchObject({
      tenantId: "tenant-9",
      region: "eu",
      urlId: "news-12",
      sso: { loginURL: "https://realm.example/login", logoutURL: "https://realm.example/profile" },
    });
    expect(ssoCalls(fetchSpy)).toBe(0);
  });
});

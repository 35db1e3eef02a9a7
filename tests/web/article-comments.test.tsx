import { render, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ArticleComments } from "@/features/news/components/article-comments";
import { fastCommentsScriptUrl } from "@/lib/fastcomments";
import { isLocalHostname } from "@/lib/local-host";

/** Each test gets its own SWR cache, as a fresh page load would. */
const renderComments = (ui: React.ReactElement) => render(<SWRConfig value={{ provider: () => new Map() }}>{ui}</SWRConfig>);

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

  beforeEach(() => {
    win.happyDOM.setURL("https://realm.example/news/5");
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
    delete win.FastCommentsUI;
    win.happyDOM.setURL("http://localhost:3000/");
  });

  it("shows 'Oh no! The comments section could not be loaded.' when the script fails", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json(SSO));
    renderComments(<ArticleComments articleId={5} title="T" />);
    await waitFor(() => expect(appended).toHaveLength(1));
    expect(appended[0]!.src).toBe("https://cdn.fastcomments.com/js/embed-v2.min.js");
    appended[0]!.dispatchEvent(new Event("error"));
    expect(await screen.findByText("Oh no! The comments section could not be loaded.")).toBeTruthy();
    expect(screen.queryByTestId("comments-placeholder")).toBeNull();
  });

  it("mounts the widget with the SSO payload and the thread id news-{id}", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json(SSO));
    const ui = vi.fn();
    win.FastCommentsUI = ui;
    const { container } = renderComments(<ArticleComments articleId={5} title="Patch notes" />);
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
    vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ message: "boom" }, { status: 500 }));
    const ui = vi.fn();
    win.FastCommentsUI = ui;
    renderComments(<ArticleComments articleId={9} title="T" />);
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
});

/**
 * The UI at size, in `npm run bench` (section `ui`; meant for the 100× world: `--state`):
 *  - the game-assets grid (/admin/game-assets) with 6,000 units loaded: INP of typing a name into
 *    a cell (Event Timing API: the longest `event` entry of the typing interactions, as web-vitals
 *    computes INP below 50 interactions), and how many rows the grid puts in the DOM. The editor's
 *    own query loads one faction's level (at 100× about 33 units, at most 200 a page), so the
 *    bench answers that one request with 6,000 unit rows read from the running site (cloned with
 *    new ids when it holds fewer): a stress of the grid, not of the server;
 *  - the gallery (/screenshots): DOM nodes and JS heap (after a garbage collection) on its first
 *    page and after paging through GALLERY_PAGES pages with Next (ADR 0035: pages, not an endless list);
 *  - the admin lists (news, media, users) and search: response time (median of 5) and D1 rows read
 *    (the Server-Timing header) of the first page and a deep page.
 */
import { chromium, type Browser, type Page } from "@playwright/test";
import type { BenchRow } from "./lighthouse.ts";

const UNITS = 6_000;
const GALLERY_PAGES = Number(process.env.BENCH_GALLERY_PAGES ?? 25);
const INP_BUDGET_MS = 200;
/** 18 characters: the name cell shows 20 before it truncates. */
const TYPED = "Ironclad Vanguards";
const MODERATOR = { email: "moderator@example.com", password: "DemoPass!2025" };
const ADMIN = { email: "admin@example.com", password: "DemoPass!2025" };

type Session = { token: string; user: unknown };

async function login(base: string, account: { email: string; password: string }): Promise<Session> {
  const res = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(account) });
  if (!res.ok) throw new Error(`login ${account.email}: ${res.status}`);
  return (await res.json()) as Session;
}

async function signIn(page: Page, base: string, session: Session) {
  await page.goto(`${base}/login`);
  await page.evaluate(([t, u]) => {
    localStorage.setItem("authToken", t);
    localStorage.setItem("authUser", u);
  }, [session.token, JSON.stringify(session.user)] as const);
}

/** 6,000 unit rows as GET /api/unit answers them: the site's own, cloned with new ids if it holds fewer. */
async function unitRows(base: string, token: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; rows.length < UNITS; page++) {
    const res = await fetch(`${base}/api/unit?activeOnly=false&pageSize=200&page=${page}`, { headers: { Authorization: `Bearer ${token}` } });
    const items = res.ok ? ((await res.json()) as { items?: Record<string, unknown>[] }).items ?? [] : [];
    if (!items.length) break;
    rows.push(...items);
  }
  if (!rows.length) throw new Error("no units to load into the grid");
  const real = rows.length;
  for (let i = real; i < UNITS; i++) rows.push({ ...rows[i % real]!, id: 9_000_000 + i, name: `${String(rows[i % real]!.name)} ${i}` });
  return rows.slice(0, UNITS);
}

async function gridRows(browser: Browser, base: string): Promise<BenchRow[]> {
  const session = await login(base, MODERATOR);
  const units = await unitRows(base, session.token);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    await signIn(page, base, session);
    // The editor's one request for a faction's level answers the 6,000 rows.
    await page.route(/\/api\/unit\?.*factionId=/, async (route) => {
      const real = await route.fetch();
      const body = (await real.json()) as Record<string, unknown>;
      await route.fulfill({ response: real, json: { ...body, items: units, totalCount: units.length, page: 1, totalPages: 1 } });
    });
    const loadStart = Date.now();
    await page.goto(`${base}/admin/game-assets?type=units`);
    const grid = page.getByRole("grid", { name: "Units table" });
    await grid.getByRole("row").nth(2).waitFor();
    const loadMs = Date.now() - loadStart;
    const domRows = await grid.getByRole("row").count();

    await page.evaluate(() => {
      const w = window as unknown as { __events: { name: string; duration: number; id: number }[] };
      w.__events = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as PerformanceEventTiming[]) w.__events.push({ name: e.name, duration: e.duration, id: e.interactionId });
      }).observe({ type: "event", buffered: false, durationThreshold: 16 } as PerformanceObserverInit);
    });
    // Open the tenth row's name cell, type a name key by key, commit with Enter.
    // (The third cell of a row is its name, as in tests/e2e/game-assets.spec.ts.)
    const cell = grid.getByRole("row").nth(10).getByRole("gridcell").nth(2);
    await cell.click();
    // (The open editor is the grid's only input; the cell around it changes role while editing.)
    const editor = grid.locator("input, textarea").first();
    await editor.waitFor();
    await editor.press("Control+a");
    await page.keyboard.type(TYPED, { delay: 40 });
    await page.keyboard.press("Enter");
    await grid.getByText(TYPED, { exact: true }).waitFor();
    // Event Timing entries are delivered after the next paint.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300))));
    const events = await page.evaluate(() => (window as unknown as { __events: { name: string; duration: number; id: number }[] }).__events);
    const interactions = new Map<number, number>();
    for (const e of events) if (e.id) interactions.set(e.id, Math.max(interactions.get(e.id) ?? 0, e.duration));
    const worst = Math.max(0, ...interactions.values());
    const typed = await page.getByText("You have unsaved changes (1 row).").isVisible();
    return [
      { what: `Grid: ${units.length} units loaded, rows in the DOM / time to first rows`, value: `${domRows} rows / ${(loadMs / 1000).toFixed(1)} s`, budget: "virtualized (≪ rows)", ok: domRows < 200 },
      {
        what: `Grid: INP typing an 18-character name into a cell, ${units.length} units (Event Timing, worst of ${interactions.size} interactions ≥ 16 ms)`,
        value: `${worst.toFixed(0)} ms${typed ? "" : " (the edit did not register!)"}`,
        budget: `≤ ${INP_BUDGET_MS} ms`,
        ok: typed && worst <= INP_BUDGET_MS,
      },
    ];
  } finally {
    await page.close();
  }
}

async function domAndHeap(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
  await cdp.detach();
  return { nodes: await page.evaluate(() => document.getElementsByTagName("*").length), heapMb: usedSize / 1024 / 1024 };
}

async function galleryRows(browser: Browser, base: string): Promise<BenchRow[]> {
  const page = await browser.newPage();
  try {
    await page.goto(`${base}/screenshots`);
    await page.getByRole("list", { name: "Media" }).waitFor();
    const first = await domAndHeap(page);
    let pages = 1;
    const pager = page.getByRole("navigation", { name: "Pagination" });
    const next = pager.getByRole("link", { name: "Next" });
    for (; pages < GALLERY_PAGES && (await next.count()); pages++) {
      await Promise.all([page.waitForURL(new RegExp(`page=${pages + 1}\\b`), { waitUntil: "commit" }), next.click()]);
      // The page's items are in when the pager marks the new page as current.
      await pager.locator('[aria-current="page"]', { hasText: new RegExp(`^${pages + 1}$`) }).waitFor();
      await page.mouse.wheel(0, 4000);
    }
    const last = await domAndHeap(page);
    const items = await page.getByRole("list", { name: "Media" }).getByRole("listitem").count();
    return [
      {
        what: `Gallery: DOM nodes, page 1 → after ${pages} pages (Next, ${items} items on the last)`,
        value: `${first.nodes} → ${last.nodes}`,
        budget: "bounded (≤ 1.5× page 1)",
        ok: last.nodes <= first.nodes * 1.5,
      },
      // SWR keeps each visited page's answer (Back is instant), so the heap grows a little per page
      // visited, up to the page cap (ADR 0035); the DOM holds one page.
      {
        what: `Gallery: JS heap after GC, page 1 → after ${pages} pages (per page visited)`,
        value: `${first.heapMb.toFixed(1)} MB → ${last.heapMb.toFixed(1)} MB (${((last.heapMb - first.heapMb) / Math.max(1, pages - 1)).toFixed(2)} MB)`,
        budget: "≤ 0.5 MB per page",
        ok: last.heapMb - first.heapMb <= 0.5 * Math.max(1, pages - 1),
      },
    ];
  } finally {
    await page.close();
  }
}

/** Median time and the D1 rows read (Server-Timing) of a read, 5 times. */
async function timedRead(base: string, path: string, token: string) {
  const times: number[] = [];
  let rowsRead = "?";
  let status = 0;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    status = res.status;
    rowsRead = /rows_read=(\d+)/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? "?";
  }
  times.sort((a, b) => a - b);
  return { ms: times[2]!, rowsRead, status };
}

async function adminListRows(base: string): Promise<BenchRow[]> {
  const { token } = await login(base, ADMIN);
  const total = async (path: string) => ((await (await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { totalPages?: number }).totalPages ?? 1;
  const newsPages = await total("/api/news?status=all&pageSize=20");
  const mediaPages = await total("/api/media?pageSize=24");
  const userPages = await total("/api/admin/users");
  const deep = (pages: number) => Math.max(1, Math.min(pages, 50));
  const reads = [
    "/api/news?status=all&pageSize=20&page=1",
    `/api/news?status=all&pageSize=20&page=${deep(newsPages)}`,
    "/api/media?pageSize=24&page=1",
    `/api/media?pageSize=24&page=${deep(mediaPages)}`,
    "/api/admin/users?page=1",
    `/api/admin/users?page=${deep(userPages)}`,
    "/api/admin/users?search=smith",
    "/api/search?q=dragon",
    "/api/search?q=ancient%20fire",
  ];
  const rows: BenchRow[] = [];
  for (const path of reads) {
    const { ms, rowsRead, status } = await timedRead(base, path, token);
    rows.push({ what: `Admin/search at size: GET ${path} (as admin)`, value: `${ms.toFixed(0)} ms, ${rowsRead} rows read${status === 200 ? "" : `, status ${status}`}`, budget: "report (< 1 s)", ok: status === 200 && ms < 1000 });
  }
  return rows;
}

export async function uiAtSize(base: string): Promise<BenchRow[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const rows: BenchRow[] = [];
    // A part that fails is reported as a row; the others still run.
    for (const [name, part] of [["grid", () => gridRows(browser, base)], ["gallery", () => galleryRows(browser, base)], ["admin lists", () => adminListRows(base)]] as const) {
      try {
        rows.push(...(await part()));
      } catch (err) {
        rows.push({ what: `UI at size: ${name}`, value: `failed: ${String(err).split("\n")[0]}`, budget: "runs", ok: false });
      }
    }
    return rows;
  } finally {
    await browser.close();
  }
}

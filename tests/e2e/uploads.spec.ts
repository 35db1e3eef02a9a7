import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { ADMIN, apiLogin, MODERATOR, signIn } from "./support/session";

/** Sets the site's upload limit (MB) as an admin; answers the previous limit. */
async function setUploadLimit(request: APIRequestContext, mb: number): Promise<number> {
  const { token } = await apiLogin(request, ADMIN);
  const headers = { Authorization: `Bearer ${token}` };
  const current = (await (await request.get("/api/settings", { headers })).json()) as Record<string, unknown> & { maxFileUploadSize: number };
  const { updatedAt: _updatedAt, ...settings } = current;
  const res = await request.put("/api/settings", { headers, data: { ...settings, maxFileUploadSize: mb } });
  expect(res.status(), await res.text()).toBe(200);
  return current.maxFileUploadSize;
}

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A decodable PNG of random pixels (it does not compress), about width × height × 3 bytes. */
async function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A short WebM recorded in the page from an animated canvas (the browser's own encoder). */
async function recordWebm(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 180;
    const context = canvas.getContext("2d")!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: "video/webm" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    const started = performance.now();
    recorder.start(100);
    await new Promise<void>((resolve) => {
      const draw = () => {
        const t = performance.now() - started;
        context.fillStyle = `hsl(${Math.round(t / 4) % 360} 70% 45%)`;
        context.fillRect(0, 0, 320, 180);
        context.fillStyle = "#fff";
        context.fillRect(Math.round(t / 8) % 280, 70, 40, 40);
        if (t < 1500) setTimeout(draw, 40);
        else resolve();
      };
      draw();
    });
    recorder.stop();
    await stopped;
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  });
  return Buffer.from(bytes);
}

const row = (page: Page, title: string) => page.getByTestId("admin-media-row").filter({ hasText: title });
const uploadRow = (page: Page, fileName: string) => page.getByTestId("upload-row").filter({ hasText: fileName });

/**
 * Cancels the moderator's unfinished uploads: each test reads the page's offer to resume the one
 * upload it left unfinished, and the offer names a file only when it is the only one. An earlier
 * try of a test that failed half-way would otherwise leave another one behind.
 */
async function cancelUnfinishedUploads(request: APIRequestContext) {
  const { token } = await apiLogin(request, MODERATOR);
  const headers = { Authorization: `Bearer ${token}` };
  const res = await request.get("/api/uploads", { headers });
  expect(res.status(), await res.text()).toBe(200);
  for (const { id } of ((await res.json()) as { items: { id: string }[] }).items) {
    expect((await request.delete(`/api/uploads/${id}`, { headers })).status()).toBe(204);
  }
}

test.describe("uploads", () => {
  test.describe.configure({ timeout: 300_000 });
  let previousLimit: number | null = null;
  test.beforeEach(async ({ request }) => cancelUnfinishedUploads(request));
  test.afterAll(async ({ request }) => {
    if (previousLimit !== null) await setUploadLimit(request, previousLimit);
  });

  test("a moderator uploads a 12 MB image and a WebM video with progress, resumes a large upload after a reload, and the items reach the gallery once approved", async ({ page, browser }) => {
    previousLimit = await setUploadLimit(page.request, 40);
    await page.setViewportSize({ width: 1280, height: 900 });
    page.on("dialog", (dialog) => void dialog.accept());
    await signIn(page, MODERATOR);

    const imageName = `${unique("big-image").replace(" ", "-")}.png`;
    const videoName = `${unique("clip").replace(" ", "-")}.webm`;
    const [image, video] = await Promise.all([noisePng(2048, 2048), recordWebm(page)]);
    expect(image.length).toBeGreaterThan(12 * 1024 * 1024);

    await page.goto("/admin/media");
    await page.getByRole("button", { name: "Upload Media" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload Media" });
    await dialog.getByLabel(/Drop files here/).setInputFiles([
      { name: imageName, mimeType: "image/png", buffer: image },
      { name: videoName, mimeType: "video/webm", buffer: video },
    ]);
    const imageTitle = imageName.replace(/\.png$/, "");
    const videoTitle = videoName.replace(/\.webm$/, "");
    await expect(uploadRow(page, imageName).getByLabel("Title")).toHaveValue(imageTitle);
    await expect(uploadRow(page, videoName).getByText("Ready to upload.")).toBeVisible();

    // Progress shows while the image's parts travel: the bar moves and the text has bytes, percent and speed.
    const imageBar = uploadRow(page, imageName).getByRole("progressbar", { name: `Upload of ${imageName}` });
    const firstPart = page.waitForResponse((res) => /\/api\/uploads\/[^/]+\/parts\/1$/.test(res.url()) && res.request().method() === "PUT");
    await dialog.getByRole("button", { name: "Upload 2 files" }).click();
    await firstPart;
    await expect.poll(async () => Number(await imageBar.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
    await expect(uploadRow(page, imageName).getByTestId("upload-status")).toHaveText(/Uploaded|MB of 12\.\d MB · \d+% · /);
    await expect(uploadRow(page, imageName).getByTestId("upload-status")).toHaveText("Uploaded. It is in the list as Pending.", { timeout: 60_000 });
    await expect(uploadRow(page, videoName).getByTestId("upload-status")).toHaveText("Uploaded. It is in the list as Pending.", { timeout: 60_000 });
    await expect(imageBar).toHaveAttribute("aria-valuenow", "100");
    await expect(dialog.getByRole("progressbar").first()).toBeVisible();
    await dialog.getByRole("button", { name: "Close", exact: true }).click();

    // In the list as Pending; the thumbnails turn ready without a reload.
    await expect(row(page, imageTitle).getByText("Pending", { exact: true })).toBeVisible();
    await expect(row(page, videoTitle).getByText("Pending", { exact: true })).toBeVisible();
    await expect(row(page, imageTitle).getByText("Thumbnails ready")).toBeVisible({ timeout: 60_000 });
    await expect(row(page, videoTitle).getByText("Thumbnails ready")).toBeVisible({ timeout: 60_000 });

    // A second large upload is interrupted by a reload after its first part arrived...
    const bigName = `${unique("resume-me").replace(" ", "-")}.png`;
    const bigTitle = bigName.replace(/\.png$/, "");
    const big = await noisePng(2600, 2700); // about 20 MB: three parts
    // Parts 2 and 3 fail on the network (the dialog retries them with backoff) until the reload.
    const laterParts = /\/api\/uploads\/[^/]+\/parts\/[23]$/;
    await page.route(laterParts, (route) => route.abort("connectionfailed"));
    await page.getByRole("button", { name: "Upload Media" }).click();
    await dialog.getByLabel(/Drop files here/).setInputFiles({ name: bigName, mimeType: "image/png", buffer: big });
    const bigFirstPart = page.waitForResponse((res) => /\/api\/uploads\/[^/]+\/parts\/1$/.test(res.url()) && res.ok());
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await bigFirstPart;
    await expect(uploadRow(page, bigName).getByTestId("upload-status")).toHaveText(/Connection problem: trying again/);
    await page.reload();
    await page.unroute(laterParts);
    // The app has taken over the reloaded page (a member page's HTML is the shell alone).
    await expect(page.locator("html[data-app]"), "the reloaded page hydrates").toHaveCount(1);

    // ...and after the reload the page offers to resume it; only the missing parts are sent.
    const sentParts: string[] = [];
    page.on("request", (req) => {
      const match = /\/api\/uploads\/[^/]+\/parts\/(\d+)$/.exec(req.url());
      if (match && req.method() === "PUT") sentParts.push(match[1]!);
    });
    await expect(page.getByText(`The upload of "${bigName}" stopped before it finished.`, { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "Resume unfinished uploads" }).click();
    await dialog.getByLabel(`Choose ${bigName} again to resume its upload`).setInputFiles({ name: bigName, mimeType: "image/png", buffer: big });
    await expect(uploadRow(page, bigName).getByTestId("upload-status")).toHaveText("Uploaded. It is in the list as Pending.", { timeout: 60_000 });
    expect(sentParts.sort()).toEqual(["2", "3"]);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(row(page, bigTitle).getByText("Thumbnails ready")).toBeVisible({ timeout: 60_000 });

    // Approved, the image and the video (with its poster) are in the public gallery.
    await page.getByRole("button", { name: /^All Items/ }).click();
    for (const title of [imageTitle, videoTitle]) {
      await page.getByRole("button", { name: `Approve "${title}"` }).click();
      await expect(row(page, title).getByText("Approved", { exact: true })).toBeVisible();
    }
    const guest = await (await browser.newContext()).newPage();
    await guest.goto("/screenshots");
    for (const title of [imageTitle, videoTitle]) {
      await expect(guest.getByRole("button", { name: title })).toBeVisible();
      const thumb = guest.locator("article").filter({ hasText: title }).getByRole("img", { name: title });
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    await expect(guest.locator("article").filter({ hasText: videoTitle }).getByText("Video", { exact: true })).toBeVisible();
    await guest.context().close();
  });

  test("a link away from uploads on their way asks first: Stay keeps uploading, leaving pauses them and the page offers to resume", async ({ page }) => {
    await signIn(page, MODERATOR);
    const name = `${unique("leave-me").replace(" ", "-")}.png`;
    const image = await noisePng(900, 900);
    // The part is held on its way, so the upload stays in progress as long as the test needs.
    const partHeld = new Promise<void>((resolve) =>
      void page.route(/\/api\/uploads\/[^/]+\/parts\/1$/, () => {
        resolve();
      }),
    );

    await page.goto("/admin/media");
    await page.getByRole("button", { name: "Upload Media" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload Media" });
    await dialog.getByLabel(/Drop files here/).setInputFiles({ name, mimeType: "image/png", buffer: image });
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await partHeld;
    await dialog.getByRole("button", { name: "Hide (uploads continue)" }).click();

    const factionsLink = page.getByRole("banner").getByRole("link", { name: "Factions" }).first();
    const question = page.getByRole("dialog", { name: "Uploads in progress" });
    await factionsLink.click();
    await expect(question).toContainText("Files are still uploading. Leave this page and pause them? Choose the same files again later to resume.");
    await question.getByRole("button", { name: "Stay" }).click();
    await expect(question).toHaveCount(0);
    await expect(page).toHaveURL("/admin/media");

    await factionsLink.click();
    await question.getByRole("button", { name: "Leave and pause uploads" }).click();
    await expect(page).toHaveURL("/factions");
    await page.unrouteAll({ behavior: "ignoreErrors" });

    // The upload was paused, not cancelled: back on the media page it can be resumed.
    await page.goto("/admin/media");
    await expect(page.getByText(`The upload of "${name}" stopped before it finished.`, { exact: false })).toBeVisible();
  });
});

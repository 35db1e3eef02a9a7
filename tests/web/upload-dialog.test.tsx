import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MediaCategory } from "@schemas/media";
import { Component as AdminMediaPage } from "@/features/admin-media/routes/admin-media-list";
import { Providers, storeSession, testUser } from "./helpers/render-app";

const category = (id: number, name: string): MediaCategory => ({
  id,
  name,
  description: "",
  slug: name.toLowerCase(),
  color: "#10B981",
  iconUrl: null,
  sortOrder: id,
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

const unfinishedUpload = {
  id: "3f1c2a4e-0000-4000-8000-000000000001",
  partSize: 8 * 1024 * 1024,
  partCount: 3,
  receivedParts: [1],
  status: "uploading",
  fileName: "siege.png",
  size: 20 * 1024 * 1024,
  contentType: "image/png",
  title: "Siege",
  createdAt: "2026-01-01T00:00:00.000Z",
  expiresAt: "2026-01-02T00:00:00.000Z",
};

const requests: string[] = [];

/** A fake API for the page's reads (web tests only). */
function serve(unfinished: unknown[] = []) {
  requests.length = 0;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), "http://x"), init);
    const url = new URL(request.url, "http://x");
    requests.push(`${request.method} ${url.pathname}`);
    const key = `${request.method} ${url.pathname}`;
    if (key === "GET /api/media") return Response.json({ items: [], totalCount: 0, page: 1, pageSize: 50, totalPages: 0 });
    if (key === "GET /api/media/categories") return Response.json([category(1, "Screenshots"), category(2, "Artwork")]);
    if (key === "GET /api/faction") return Response.json({ items: [{ id: 7, name: "Haven" }] });
    if (key === "GET /api/uploads") return Response.json({ items: unfinished });
    if (key.startsWith("GET /api/auth")) return Response.json({ user: testUser("moderator") });
    return Response.json({ code: "not_found", message: "Nope." }, { status: 404 });
  });
}

function renderPage() {
  storeSession(testUser("moderator"));
  const router = createMemoryRouter([{ path: "/admin/media", element: <AdminMediaPage /> }], { initialEntries: ["/admin/media"] });
  return render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
      <Providers settings={{ maxFileUploadSize: 1 }}>
        <RouterProvider router={router} />
      </Providers>
    </SWRConfig>,
  );
}

const file = (name: string, head: number[], size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new File([bytes], name);
};

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("upload dialog", () => {
  it("Upload Media opens it; a picked image gets its name as title, a renamed executable and a file over the limit are refused in the browser", async () => {
    serve();
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Upload Media" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload Media" });
    const input = within(dialog).getByLabelText(/Drop files here/) as HTMLInputElement;
    expect(input.multiple).toBe(true);

    await user.upload(input, [
      file("Dragon lair.jpg", [0xff, 0xd8, 0xff, 0xe0], 2048),
      file("setup.jpg", [0x4d, 0x5a, 0x90, 0x00], 2048),
      file("huge.png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 1024 * 1024 + 1),
    ]);

    const rows = await within(dialog).findAllByTestId("upload-row");
    expect(rows).toHaveLength(3);
    await waitFor(() => expect(within(rows[0]!).getByText("Ready to upload.")).toBeTruthy());
    expect((within(rows[0]!).getByLabelText("Title") as HTMLInputElement).value).toBe("Dragon lair");
    expect((within(rows[0]!).getByLabelText("Category") as HTMLElement & { value: string }).value).toBe("1");
    expect(within(rows[0]!).getByRole("progressbar", { name: "Upload of Dragon lair.jpg" }).getAttribute("aria-valuenow")).toBe("0");
    expect(within(rows[1]!).getByText("Only JPEG, PNG, WebP and GIF images and MP4 and WebM videos can be uploaded.")).toBeTruthy();
    expect(within(rows[2]!).getByText("The file is larger than the upload limit of 1 MB.")).toBeTruthy();
    expect(within(rows[1]!).queryByRole("progressbar")).toBeNull();

    // A blank title keeps the file from starting, with the reason under the field.
    await user.clear(within(rows[0]!).getByLabelText("Title"));
    expect(within(rows[0]!).getByText("Title is required.")).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: "Upload" }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(rows[0]!).getByLabelText("Title"), "Lair");
    expect((within(dialog).getByRole("button", { name: "Upload" }) as HTMLButtonElement).disabled).toBe(false);
    expect(requests.filter((r) => r.includes("/api/uploads") && !r.startsWith("GET"))).toEqual([]);
  });

  it("offers the unfinished uploads the server holds, on the page and in the dialog, and refuses a different file", async () => {
    serve([unfinishedUpload]);
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    expect(await screen.findByText(/The upload of "siege.png" stopped before it finished/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Resume unfinished uploads" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload Media" });
    const offer = within(dialog).getByRole("region", { name: "Resume unfinished uploads" });
    expect(within(offer).getByText("20.0 MB · 40% on the server")).toBeTruthy();
    await user.upload(within(offer).getByLabelText("Choose siege.png again to resume its upload"), file("other.png", [0x89, 0x50], 10));
    expect(within(offer).getByRole("alert").textContent).toBe('That is not the same file: choose "siege.png" (20.0 MB).');
  });
});

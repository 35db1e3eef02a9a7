/**
 * Upload refusals against the real local R2, D1 and queue: bad parts, another member's upload or
 * one in the wrong state, and completions that cannot be done; each leaves nothing half-written.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Upload } from "../../shared/schemas/uploads";
import { call } from "./helpers";
import { bytesOf, expectEnvelope, MIB, objectsUnder, PART, partOf, partRows, uploadRow } from "./upload-fixtures";
import { complete, expectGone, paddedJpeg, putPart, setUpUploads, SMALL, started, tokens, withLimit } from "./upload-requests";

setUpUploads();

// ---------------------------------------------------------------------------------------------
// Bad parts
// ---------------------------------------------------------------------------------------------

describe("PUT /api/uploads/{id}/parts/{n} refusals", () => {
  it("400 for a part shorter than its size and 413 for a longer one; nothing is recorded", async () => {
    const upload = await started({ size: PART + 100 });
    const short = await expectEnvelope(await putPart(upload.id, 1, paddedJpeg(PART - 1)), 400, "bad_request");
    expect(short.message).toBe("Part 1 must be exactly 8388608 bytes; fewer were sent.");
    await expectEnvelope(await putPart(upload.id, 1, paddedJpeg(PART + 1)), 413, "payload_too_large");
    // The last part must be exactly the remainder.
    await expectEnvelope(await putPart(upload.id, 2, bytesOf([], 99)), 400, "bad_request");
    await expectEnvelope(await putPart(upload.id, 2, bytesOf([], 101)), 413, "payload_too_large");
    await expectEnvelope(await putPart(upload.id, 2, null), 400, "bad_request");
    expect((await partRows(upload.id)).results).toEqual([]);
    const status = (await (await call(`/api/uploads/${upload.id}`, { token: tokens.moderator })).json()) as Upload;
    expect(status.receivedParts).toEqual([]);
  });

  it("400 when the body breaks off mid-part (the connection dropped); nothing is recorded and the part can be sent again", async () => {
    const file = paddedJpeg(SMALL);
    const upload = await started({ size: SMALL });
    let sent = false;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(file.subarray(0, SMALL / 2));
        } else {
          controller.error(new Error("connection reset"));
        }
      },
    });
    const res = await call(`/api/uploads/${upload.id}/parts/1`, { method: "PUT", token: tokens.moderator, body: broken });
    await expectEnvelope(res, 400, "bad_request");
    expect((await partRows(upload.id)).results).toEqual([]);
    expect((await putPart(upload.id, 1, file)).status).toBe(200);
    expect((await complete(upload.id)).status).toBe(201);
  });

  it("a Content-Length that disagrees with the part's size is refused before the body is read", async () => {
    const upload = await started({ size: SMALL });
    const res = await putPart(upload.id, 1, paddedJpeg(SMALL), tokens.moderator, { "Content-Length": String(SMALL - 1000) });
    // Either the runtime rejects the mismatched header itself or the Worker does: never stored.
    expect([400, 413]).toContain(res.status);
    expect((await partRows(upload.id)).results).toEqual([]);
  });

  it("400 for a part number outside 1..partCount or not a number", async () => {
    const upload = await started({ size: PART + 100 });
    for (const n of ["0", "3", "-1", "abc", "1.5", "99999"]) {
      const body = await expectEnvelope(await putPart(upload.id, n, bytesOf([], 100)), 400, "bad_request");
      expect(body.message).toBe("Part number must be a whole number from 1 to 2.");
    }
    expect((await partRows(upload.id)).results).toEqual([]);
  });

  it("404 for a part of someone else's upload (also an admin's), an unknown id and a malformed id", async () => {
    const file = paddedJpeg(SMALL);
    const upload = await started({ size: SMALL });
    await expectEnvelope(await putPart(upload.id, 1, file, tokens.otherModerator), 404, "not_found");
    await expectEnvelope(await putPart(upload.id, 1, file, tokens.admin), 404, "not_found");
    await expectEnvelope(await putPart(crypto.randomUUID(), 1, file), 404, "not_found");
    await expectEnvelope(await putPart("not-an-id", 1, file), 404, "not_found");
    await expectEnvelope(await putPart("1", 1, file), 404, "not_found");
    expect((await partRows(upload.id)).results).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Ownership, status, abort
// ---------------------------------------------------------------------------------------------

describe("ownership and status", () => {
  it("another moderator gets 404 for GET, complete and DELETE, and does not see it in their list", async () => {
    const upload = await started({ size: 100 });
    for (const [path, method] of [
      [`/api/uploads/${upload.id}`, "GET"],
      [`/api/uploads/${upload.id}/complete`, "POST"],
      [`/api/uploads/${upload.id}`, "DELETE"],
    ] as const) {
      await expectEnvelope(await call(path, { method, token: tokens.otherModerator }), 404, "not_found");
    }
    const list = (await (await call("/api/uploads", { token: tokens.otherModerator })).json()) as { items: Upload[] };
    expect(list.items.some((u) => u.id === upload.id)).toBe(false);
    expect(await uploadRow(upload.id)).not.toBeNull();
  });

  it("GET /api/uploads/{id} answers 404 for unknown and malformed ids", async () => {
    await expectEnvelope(await call(`/api/uploads/${crypto.randomUUID()}`, { token: tokens.moderator }), 404, "not_found");
    await expectEnvelope(await call("/api/uploads/%2e%2e", { token: tokens.moderator }), 404, "not_found");
  });

  it("DELETE aborts the multipart upload and removes its rows (204); the parts can no longer be completed in R2", async () => {
    const file = paddedJpeg(PART + 10);
    const upload = await started({ size: file.length });
    expect((await putPart(upload.id, 1, partOf(file, 1))).status).toBe(200);
    const row = (await uploadRow(upload.id))!;
    const res = await call(`/api/uploads/${upload.id}`, { method: "DELETE", token: tokens.moderator });
    expect(res.status).toBe(204);
    await expectGone(upload);
    const multipart = env.MEDIA.resumeMultipartUpload(String(row.object_key), String(row.r2_upload_id));
    await expect(multipart.uploadPart(2, new Uint8Array(10))).rejects.toThrow();
    await expectEnvelope(await call(`/api/uploads/${upload.id}`, { method: "DELETE", token: tokens.moderator }), 404, "not_found");
  });
});

// ---------------------------------------------------------------------------------------------
// Completion refusals
// ---------------------------------------------------------------------------------------------

describe("POST /api/uploads/{id}/complete refusals", () => {
  it("409 upload_incomplete naming the missing parts; the upload stays resumable", async () => {
    const file = paddedJpeg(2 * PART + 10);
    const upload = await started({ size: file.length });
    expect((await putPart(upload.id, 2, partOf(file, 2))).status).toBe(200);
    const body = await expectEnvelope(await complete(upload.id), 409, "upload_incomplete");
    expect(body.errors).toEqual({ parts: ["Part 1 is missing.", "Part 3 is missing."] });
    expect(await objectsUnder(upload.id)).toEqual([]);
    expect(await uploadRow(upload.id)).toMatchObject({ status: "uploading" });
    const status = (await (await call(`/api/uploads/${upload.id}`, { token: tokens.moderator })).json()) as Upload;
    expect(status.receivedParts).toEqual([2]);
    await call(`/api/uploads/${upload.id}`, { method: "DELETE", token: tokens.moderator });
  });

  it("413 when the site's limit was lowered below the file's size since it started; the upload is removed", async () => {
    const file = paddedJpeg(Math.round(1.5 * MIB));
    const upload = await started({ size: file.length });
    expect((await putPart(upload.id, 1, file)).status).toBe(200);
    await withLimit(1, async () => {
      const body = await expectEnvelope(await complete(upload.id), 413, "payload_too_large");
      expect(body.message).toBe("The file is larger than the upload limit of 1 MB.");
    });
    await expectGone(upload);
  });

  it("a second complete is a 404 (the upload became a media item); no second item is made", async () => {
    const upload = await started({ size: SMALL });
    expect((await putPart(upload.id, 1, paddedJpeg(SMALL))).status).toBe(200);
    expect((await complete(upload.id)).status).toBe(201);
    await expectEnvelope(await complete(upload.id), 404, "not_found");
    const items = await env.DB.prepare("SELECT count(*) AS n FROM media_items WHERE original_key = ?1")
      .bind(`media/u${upload.id}/original.jpg`)
      .first<number>("n");
    expect(items).toBe(1);
  });

  it("409 conflict while the upload is completing (a racing second complete, a late part or a DELETE)", async () => {
    const upload = await started({ size: SMALL });
    expect((await putPart(upload.id, 1, paddedJpeg(SMALL))).status).toBe(200);
    await env.DB.prepare("UPDATE uploads SET status = 'completing' WHERE id = ?1").bind(upload.id).run();
    await expectEnvelope(await complete(upload.id), 409, "conflict");
    await expectEnvelope(await putPart(upload.id, 1, paddedJpeg(SMALL)), 409, "conflict");
    await expectEnvelope(await call(`/api/uploads/${upload.id}`, { method: "DELETE", token: tokens.moderator }), 409, "conflict");
  });

  it("404 for an unknown upload id", async () => {
    await expectEnvelope(await complete(crypto.randomUUID()), 404, "not_found");
    await expectEnvelope(await complete("12345"), 404, "not_found");
  });
});

import { createMiddleware } from "hono/factory";
import { allowedImageSrc } from "@shared/image-source";
import type { FieldErrors } from "@shared/field-errors";
import { getSettings } from "../db/queries/settings";
import type { AppEnv } from "../env";
import { validationFailed } from "../lib/errors";

/** Why a write's image was refused (the field's label first). */
export const imageHostMessage = (label: string) =>
  `${label} must be one of this site's files (/files/…) or on a host allowed in the site settings (Images): readers' browsers would load it from there.`;

/**
 * Refuses a write (400 validation_failed, an error under each field) whose image fields name an
 * image pages would not render: neither the site's own files nor on the site settings'
 * allow-list of image hosts (shared/image-source.ts). Goes after `validate("json", …)`;
 * `fields` maps each body field to its label. Stored images written before a host left the list
 * are not rendered; a write that keeps one must change or clear it (ADR 0048).
 */
export const allowedImages = (fields: Record<string, string>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const body = (c.req as unknown as { valid(target: "json"): Record<string, unknown> }).valid("json");
    const { imageHosts } = await getSettings(c.get("db"));
    const errors: FieldErrors = {};
    for (const [field, label] of Object.entries(fields)) {
      const value = body[field];
      if (typeof value === "string" && value !== "" && allowedImageSrc(value, imageHosts) === null) errors[field] = [imageHostMessage(label)];
    }
    if (Object.keys(errors).length) throw validationFailed(errors);
    await next();
  });

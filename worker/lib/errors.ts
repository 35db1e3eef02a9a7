import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { defaultErrorCode, type ErrorCode } from "@shared/error-codes";
import type { FieldErrors } from "@shared/field-errors";

export type { FieldErrors };

/**
 * The one error shape every /api response uses: `{ code, message, errors? }` (plus `requestId`
 * on 500s). `code` is stable and machine-readable (shared/error-codes.ts).
 */
export type ErrorBody = {
  code: ErrorCode;
  message: string;
  errors?: FieldErrors;
  requestId?: string;
  /** With `stale_version`: the record as it is stored now. */
  current?: unknown;
};

type ApiErrorOptions = { code?: ErrorCode; errors?: FieldErrors; headers?: Record<string, string>; current?: unknown };

/** An error meant for the client: its status, code and message are sent as they are. */
export class ApiError extends HTTPException {
  readonly code: ErrorCode;
  readonly errors?: FieldErrors;
  readonly headers?: Record<string, string>;
  readonly current?: unknown;

  constructor(status: ContentfulStatusCode, message: string, options: ApiErrorOptions = {}) {
    super(status, { message });
    this.code = options.code ?? defaultErrorCode(status);
    this.errors = options.errors;
    this.headers = options.headers;
    this.current = options.current;
  }
}

export const badRequest = (message: string, errors?: FieldErrors) =>
  new ApiError(400, message, { errors, code: errors ? "validation_failed" : "bad_request" });
export const validationFailed = (errors: FieldErrors, message = "Validation failed.") =>
  new ApiError(400, message, { errors, code: "validation_failed" });
export const unauthorized = (message = "Authentication required.", code: ErrorCode = "unauthorized") =>
  new ApiError(401, message, { code });
export const forbidden = (message = "You do not have permission to do this.", code: ErrorCode = "forbidden") =>
  new ApiError(403, message, { code });
export const notFound = (what = "Resource") => new ApiError(404, `${what} not found.`);
export const conflict = (message: string, errors?: FieldErrors) => new ApiError(409, message, { errors });
/** 409 stale_version: the record changed since the client read it; the body carries the stored record. */
export const staleVersion = (current: unknown, message = "This record was changed by someone else since you loaded it.") =>
  new ApiError(409, message, { code: "stale_version", current });

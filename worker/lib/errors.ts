import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { defaultErrorCode, type ErrorCode } from "@shared/error-codes";
import type { FieldErrors } from "@shared/field-errors";

export type { FieldErrors };

/**
 * The one error shape every /api response uses: `{ code, message, errors? }` (plus `requestId`
 * on 500s). `code` is stable and machine-readable (worker/shared/error-codes.ts).
 */
export type ErrorBody = { code: ErrorCode; message: string; errors?: FieldErrors; requestId?: string };

type ApiErrorOptions = { code?: ErrorCode; errors?: FieldErrors; headers?: Record<string, string> };

/** An error meant for the client: its status, code and message are sent as they are. */
export class ApiError extends HTTPException {
  readonly code: ErrorCode;
  readonly errors?: FieldErrors;
  readonly headers?: Record<string, string>;

  constructor(status: ContentfulStatusCode, message: string, options: ApiErrorOptions = {}) {
    super(status, { message });
    this.code = options.code ?? defaultErrorCode(status);
    this.errors = options.errors;
    this.headers = options.headers;
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

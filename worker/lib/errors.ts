import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Field name → messages, as in DESIGN.md §4's error envelope. */
export type FieldErrors = Record<string, string[]>;

/** The one error shape every /api response uses: `{ message, errors? }`. */
export type ErrorBody = { message: string; errors?: FieldErrors; requestId?: string };

/** An error meant for the client: its status and message are sent as they are. */
export class ApiError extends HTTPException {
  readonly errors?: FieldErrors;
  readonly headers?: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    message: string,
    options: { errors?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(status, { message });
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

export const badRequest = (message: string, errors?: FieldErrors) =>
  new ApiError(400, message, { errors });
export const unauthorized = (message = "Authentication required.") => new ApiError(401, message);
export const forbidden = (message = "You do not have permission to do this.") =>
  new ApiError(403, message);
export const notFound = (what = "Resource") => new ApiError(404, `${what} not found.`);
export const conflict = (message: string, errors?: FieldErrors) =>
  new ApiError(409, message, { errors });

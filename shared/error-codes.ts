/**
 * The stable, machine-readable `code` of every API error envelope `{ code, message, errors? }`.
 * Clients branch on these, never on the message text (which may be reworded). Documented in the
 * README's API section; add a code here before using it.
 */
export const ERROR_CODES = {
  /** 400: the body, query or path failed validation; `errors` maps fields to messages. */
  validation_failed: 400,
  /** 400: the body is not valid JSON. */
  malformed_json: 400,
  /** 400: a request the server cannot act on for another stated reason. */
  bad_request: 400,
  /** 400: an e-mail verification link that is unknown, expired or already used. */
  verification_failed: 400,
  /** 400: a password reset or unlock link that is past its time. */
  link_expired: 400,
  /** 400: a password reset link that was used already, or replaced by a newer one. */
  link_used: 400,
  /** 401: no token, or an invalid, expired or revoked one. */
  unauthorized: 401,
  /** 401: wrong email or password at sign-in. */
  invalid_credentials: 401,
  /** 403: signed in but without the role this needs. */
  forbidden: 403,
  /** 403: the account was deactivated by an administrator. */
  account_inactive: 403,
  /** 403: sign-up is turned off in the site settings. */
  registration_disabled: 403,
  /** 403: comments are turned off in the site settings (the comment sign-on refuses). */
  comments_disabled: 403,
  /** 404: no such record, route or file (or not visible to this caller). */
  not_found: 404,
  /** 405: the method is not allowed on this path. */
  method_not_allowed: 405,
  /** 409: the write conflicts with the current state (duplicate, in use, last admin...). */
  conflict: 409,
  /** 409: an upload cannot be completed yet: `errors.parts` names the parts still missing. */
  upload_incomplete: 409,
  /** 409: the record changed since the version the update was based on; the body has the current row. */
  stale_version: 409,
  /** 413: the body or file is larger than allowed. */
  payload_too_large: 413,
  /** 415: the file's content is not an accepted type. */
  unsupported_media_type: 415,
  /** 416: the Range header asks for bytes the file does not have. */
  range_not_satisfiable: 416,
  /** 423: too many failed sign-ins; the message contains "locked". */
  account_locked: 423,
  /** 429: rate limited; see the Retry-After header. */
  rate_limited: 429,
  /** 500: our fault; the envelope carries a request id, details are only in the logs. */
  internal_error: 500,
  /** 503: the database or another dependency is unavailable. */
  service_unavailable: 503,
  /** 503: the site is in maintenance mode (moderators and admins still work); see Retry-After. */
  maintenance_mode: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The code an error gets when the thrower names none. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return "bad_request";
    case 401:
      return "unauthorized";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 405:
      return "method_not_allowed";
    case 409:
      return "conflict";
    case 413:
      return "payload_too_large";
    case 415:
      return "unsupported_media_type";
    case 416:
      return "range_not_satisfiable";
    case 423:
      return "account_locked";
    case 429:
      return "rate_limited";
    case 503:
      return "service_unavailable";
    default:
      return status >= 500 ? "internal_error" : "bad_request";
  }
}

/**
 * Where to go after signing in: back to the page the guard sent the visitor from, else '/'.
 * Only same-site paths are followed, never the account pages themselves (sign-in, sign-up, the
 * password reset and unlock pages).
 */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  const path =
    typeof from === "string"
      ? from
      : from && typeof from === "object" && typeof (from as { pathname?: unknown }).pathname === "string"
        ? `${(from as { pathname: string }).pathname}${(from as { search?: string }).search ?? ""}${(from as { hash?: string }).hash ?? ""}`
        : "/";
  if (!path.startsWith("/") || path.startsWith("//") || /^\/(login|register|forgot-password|reset-password|unlock)(\/|\?|#|$)/.test(path)) return "/";
  return path;
}

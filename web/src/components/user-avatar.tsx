import { useState } from "react";

/** The first Human avatar: what a broken avatar image falls back to. */
export const FALLBACK_AVATAR = "/images/icons/avatars/human-01.webp";

type AvatarUser = { firstName?: string | null; email?: string | null; profilePictureUrl?: string | null; displayName?: string | null };

/** The avatar's initial: first letter of firstName, then of email, then 'U'. */
export function avatarInitial(user: AvatarUser | null | undefined): string {
  const source = user?.firstName?.trim() || user?.email?.trim() || "U";
  return Array.from(source)[0]!.toUpperCase();
}

/** The name shown for a user: displayName, else first + last name, else email. */
export function userDisplayName(user: AvatarUser & { lastName?: string | null }): string {
  return (
    user.displayName?.trim() ||
    [user.firstName, user.lastName].filter(Boolean).join(" ").trim() ||
    user.email?.trim() ||
    "User"
  );
}

const sizes = { sm: "h-8 w-8 text-sm", md: "h-10 w-10 text-base", lg: "h-20 w-20 text-3xl", xl: "h-28 w-28 text-4xl" } as const;

/**
 * The user's picture, or their initial on the brand colour. A picture that fails to load is
 * replaced by the first Human avatar; if that fails too, the initial shows. Decorative (alt="")
 * because the name is always shown next to it; pass `alt` when it stands alone.
 */
export function UserAvatar({ user, size = "sm", alt = "", className = "" }: { user: AvatarUser | null | undefined; size?: keyof typeof sizes; alt?: string; className?: string }) {
  const url = user?.profilePictureUrl?.trim() || null;
  const [failed, setFailed] = useState<{ url: string | null; src: string | null }>({ url: null, src: null });
  // Reset the fallback when the picture changes.
  const failedSrc = failed.url === url ? failed.src : null;
  const src = !url ? null : failedSrc === null ? url : failedSrc === url && url !== FALLBACK_AVATAR ? FALLBACK_AVATAR : null;

  const box = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ring-2 ring-brand-600/30 ${sizes[size]} ${className}`;
  if (src) {
    return <img src={src} alt={alt} className={`${box} bg-surface-muted object-cover`} onError={() => setFailed({ url, src })} />;
  }
  return (
    <span className={`${box} bg-brand-700 font-display font-bold text-white`} role={alt ? "img" : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
      {avatarInitial(user)}
    </span>
  );
}

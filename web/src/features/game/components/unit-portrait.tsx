/** A unit's or hero's portrait; without one, the name's initials on a tinted tile. */
export function Portrait({
  src,
  name,
  size = "md",
  eager = false,
  className = "",
}: {
  src: string | null;
  name: string;
  size?: "sm" | "md" | "lg";
  eager?: boolean;
  className?: string;
}) {
  const box = { sm: "h-12 w-12 text-base", md: "h-20 w-20 text-2xl", lg: "h-40 w-40 text-5xl" }[size];
  const px = { sm: 48, md: 80, lg: 160 }[size];
  if (src) {
    return (
      <img
        src={src}
        alt={`Portrait of ${name}`}
        width={px}
        height={px}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : "auto"}
        decoding="async"
        className={`${box} shrink-0 rounded-xl border border-line bg-surface-muted object-cover ${className}`}
      />
    );
  }
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
  return (
    <div
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-xl border border-line bg-brand-100 font-display font-bold text-brand-900 dark:bg-brand-950 dark:text-brand-200 ${className}`}
    >
      {initials}
    </div>
  );
}

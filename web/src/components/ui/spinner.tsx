/** A spinning ring. Decorative: pair it with visible text or pass a `label`. */
export function Spinner({ size = 24, label, className = "" }: { size?: number; label?: string; className?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      className={`animate-spin text-brand-600 motion-reduce:animate-[spin_1.5s_linear_infinite] dark:text-brand-400 ${className}`}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A centred spinner with the spec's 'Loading...' text, announced politely. */
export function LoadingState({ text = "Loading..." }: { text?: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-ink-muted">
      <Spinner size={36} />
      <p className="text-sm font-medium">{text}</p>
    </div>
  );
}

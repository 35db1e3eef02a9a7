type IconProps = { className?: string };

const stroke = { viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", "aria-hidden": true } as const;

/** An X, for close buttons. Decorative: the button carries the name. */
export function CloseIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg {...stroke} className={className}>
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

/** Three bars (hamburger), for the menu toggle. Decorative: the button carries the name. */
export function MenuIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...stroke} className={className}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

/** A magnifying glass, for search. Decorative: the button or field carries the name. */
export function SearchIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg {...stroke} className={className}>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5L20 20" />
    </svg>
  );
}

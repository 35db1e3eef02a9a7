import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";

export type IconButtonSize = "xs" | "sm" | "md" | "lg";
export type IconButtonTone = "default" | "muted" | "inherit";

/** Button box and the size of the icon inside it (the child <svg>). */
const sizes: Record<IconButtonSize, string> = {
  xs: "h-6 w-6 [&>svg]:h-4 [&>svg]:w-4",
  sm: "h-7 w-7 [&>svg]:h-5 [&>svg]:w-5",
  md: "h-9 w-9 [&>svg]:h-5 [&>svg]:w-5",
  lg: "h-10 w-10 [&>svg]:h-6 [&>svg]:w-6",
};

const tones: Record<IconButtonTone, string> = {
  default: "rounded-lg text-ink hover:bg-surface-muted focus-visible:outline-offset-2 focus-visible:outline-brand-600",
  muted: "rounded-lg text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-brand-600",
  /** Takes the colour of its surroundings (e.g. a toast). */
  inherit: "rounded-md opacity-70 hover:opacity-100 focus-visible:outline-current",
};

export type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label" | "children"> & {
  /** The accessible name (aria-label); the icon itself is decorative. */
  label: string;
  size?: IconButtonSize;
  tone?: IconButtonTone;
  /** The icon, e.g. <CloseIcon />: sized by `size`. */
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
};

/** A square button showing only an icon; `type` defaults to "button". */
export function IconButton({ label, size = "lg", tone = "default", className = "", type = "button", children, ...props }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      className={`inline-flex shrink-0 items-center justify-center focus-visible:outline-2 ${tones[tone]} ${sizes[size]} ${className}`.trim()}
      {...props}
    >
      {children}
    </button>
  );
}

import type { HTMLAttributes } from "react";

/** A raised panel. Compose with CardHeader/CardBody/CardFooter or put content straight in. */
export function Card({ className = "", ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`overflow-hidden rounded-2xl border border-line bg-surface shadow-sm ${className}`} {...props} />;
}

export function CardHeader({ className = "", ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`border-b border-line px-5 py-4 ${className}`} {...props} />;
}

export function CardBody({ className = "", ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`p-5 ${className}`} {...props} />;
}

export function CardFooter({ className = "", ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`flex items-center gap-3 border-t border-line px-5 py-4 ${className}`} {...props} />;
}

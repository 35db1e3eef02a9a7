import type { ReactNode } from "react";
import { badgeClass, type BadgeTone } from "@shared/badge-class";

export type { BadgeTone };

/** A small label: status (Published/Draft), tags, roles. */
export function Badge({ tone = "neutral", children, className = "" }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={badgeClass(tone, className)}>{children}</span>;
}

import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { PageMeta } from "@/lib/page-meta";

/** A missing record ('Unit Not Found'...): title, a sentence and a way back; never indexed. */
export function GameNotFound({ title, message, backTo, backLabel }: { title: string; message: string; backTo: string; backLabel: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <PageMeta title={title} description={message} noIndex />
      <h1 className="font-display text-3xl font-bold text-ink">{title}</h1>
      <p className="mt-3 text-ink-muted">{message}</p>
      <div className="mt-8 flex justify-center">
        <Link to={backTo} className={buttonClass()}>
          {backLabel}
        </Link>
      </div>
    </div>
  );
}

/** A failed load: the title, the server's message (or a fallback) and a retry. */
export function GameLoadError({ title, message, onRetry, children }: { title: string; message: string; onRetry?: () => void; children?: ReactNode }) {
  return (
    <div role="alert" className="mx-auto max-w-2xl px-4 py-16 text-center">
      <PageMeta title={title} noIndex />
      <h1 className="font-display text-2xl font-bold text-ink">{title}</h1>
      <p className="mt-3 text-ink-muted">{message}</p>
      {children}
      {onRetry ? (
        <button type="button" onClick={onRetry} className={buttonClass({ variant: "secondary", className: "mt-6" })}>
          Try Again
        </button>
      ) : null}
    </div>
  );
}

import { useState } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { PageMeta } from "../../../lib/page-meta";
import { useSession } from "../../../lib/session";
import { AuthCard } from "../components/auth-card";
import { LoginForm } from "../components/login-form";
import { redirectTarget } from "../redirect-target";

/** /login (spec §2): a signed-in visitor goes to / (or back to where the guard sent them from). */
export function Component() {
  const { status } = useSession();
  const location = useLocation();
  // Kept from the first render: a failed sign-in (401) re-navigates to /login without state.
  const [from] = useState<unknown>(location.state);
  if (status === "authenticated") return <Navigate to={redirectTarget(from)} replace />;
  return (
    <>
      <PageMeta title="Sign In" description="Sign in to your Realm Codex account." noIndex />
      <AuthCard
        title="Sign In"
        subtitle="Welcome back to Realm Codex."
        footer={
          <>
            Don&apos;t have an account?{" "}
            <Link to="/register" state={from} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
              Sign Up
            </Link>
          </>
        }
      >
        <LoginForm />
        <p className="mt-6 border-t border-line pt-4 text-center text-sm text-ink-muted">Google Sign-In coming soon</p>
      </AuthCard>
    </>
  );
}

import { useState } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { PageMeta } from "../../../lib/page-meta";
import { useSession } from "../../../lib/session";
import { AuthCard } from "../components/auth-card";
import { RegisterForm } from "../components/register-form";
import { redirectTarget } from "../redirect-target";

/** /register (spec §2): a signed-in visitor (including one who just registered) goes to /. */
export function Component() {
  const { status } = useSession();
  const location = useLocation();
  // Kept from the first render: a failed sign-in (401) re-navigates to /login without state.
  const [from] = useState<unknown>(location.state);
  if (status === "authenticated") return <Navigate to={redirectTarget(from)} replace />;
  return (
    <>
      <PageMeta title="Sign Up" description="Create a Realm Codex account to comment on news and join the community." noIndex />
      <AuthCard
        title="Create Account"
        subtitle="Join the Realm Codex community."
        footer={
          <>
            Already have an account?{" "}
            <Link to="/login" state={from} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
              Sign In
            </Link>
          </>
        }
      >
        <RegisterForm />
      </AuthCard>
    </>
  );
}

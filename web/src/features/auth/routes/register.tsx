import { Link, Navigate } from "react-router";
import { PageMeta } from "@/lib/page-meta";
import { AuthCard } from "@/features/auth/components/auth-card";
import { RegisterForm } from "@/features/auth/components/register-form";
import { useAuthPageRedirect } from "@/features/auth/use-auth-page-redirect";

/** /register (spec §2): a signed-in visitor (including one who just registered) goes to /. */
export function Component() {
  const { from, redirectTo } = useAuthPageRedirect();
  if (redirectTo !== null) return <Navigate to={redirectTo} replace />;
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

import { Link, Navigate } from "react-router";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { useSiteSettings } from "@/lib/site-settings";
import { AuthCard } from "@/features/auth/components/auth-card";
import { LoginForm } from "@/features/auth/components/login-form";
import { useAuthPageRedirect } from "@/features/auth/use-auth-page-redirect";
import { paths } from "@shared/paths";

/** /login: a signed-in visitor goes to / (or back to where the guard sent them from). */
export function Component() {
  const { from, redirectTo } = useAuthPageRedirect();
  const { enableRegistration, siteName } = useSiteSettings();
  if (redirectTo !== null) return <Navigate to={redirectTo} replace />;
  return (
    <>
      <PageHead meta={noindexMeta("Sign In", "Sign in to your Realm Codex account.")} />
      <AuthCard
        title="Sign In"
        subtitle={`Welcome back to ${siteName}.`}
        footer={
          enableRegistration ? (
          <>
            Don&apos;t have an account?{" "}
            <Link to={paths.register()} state={from} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
              Sign Up
            </Link>
          </>
          ) : null
        }
      >
        <LoginForm />
        <p className="mt-6 border-t border-line pt-4 text-center text-sm text-ink-muted">Google Sign-In coming soon</p>
      </AuthCard>
    </>
  );
}

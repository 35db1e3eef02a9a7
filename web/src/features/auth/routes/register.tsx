import { Link, Navigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { useSiteSettings } from "@/lib/site-settings";
import { AuthCard } from "@/features/auth/components/auth-card";
import { RegisterForm } from "@/features/auth/components/register-form";
import { useAuthPageRedirect } from "@/features/auth/use-auth-page-redirect";

/** Shown instead of the form while sign-up is turned off in the site settings. */
export const REGISTRATION_CLOSED_TEXT = "Registration is currently disabled.";

/** /register: a signed-in visitor (including one who just registered) goes to /. */
export function Component() {
  const { from, redirectTo } = useAuthPageRedirect();
  const { enableRegistration, siteName } = useSiteSettings();
  if (redirectTo !== null) return <Navigate to={redirectTo} replace />;
  return (
    <>
      <PageHead meta={noindexMeta("Sign Up", "Create a Realm Codex account to comment on news and join the community.")} />
      <AuthCard
        title="Create Account"
        subtitle={`Join the ${siteName} community.`}
        footer={
          <>
            Already have an account?{" "}
            <Link to="/login" state={from} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
              Sign In
            </Link>
          </>
        }
      >
        {enableRegistration ? (
          <RegisterForm />
        ) : (
          <Alert tone="info" title={REGISTRATION_CLOSED_TEXT}>
            <p>New accounts cannot be created right now. Please check back later.</p>
          </Alert>
        )}
      </AuthCard>
    </>
  );
}

import { useState } from "react";
import { Link, Navigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { useSiteSettings } from "@/lib/site-settings";
import { AuthCard } from "@/features/auth/components/auth-card";
import { CheckInbox } from "@/features/auth/components/check-inbox";
import { RegisterForm } from "@/features/auth/components/register-form";
import { useAuthPageRedirect } from "@/features/auth/use-auth-page-redirect";
import { paths } from "@shared/paths";

/** Shown instead of the form while sign-up is turned off in the site settings. */
export const REGISTRATION_CLOSED_TEXT = "Registration is currently disabled.";

/**
 * /register: a signed-in visitor goes to / (or where the guard sent them from). One who just
 * registered sees "Check your inbox" naming the address, and signs in from there (sign-up answers
 * the same for every address, so it signs nobody in).
 */
export function Component() {
  const { from, redirectTo } = useAuthPageRedirect();
  const { enableRegistration, siteName } = useSiteSettings();
  const [registered, setRegistered] = useState<string | null>(null);
  if (registered !== null) {
    return (
      <>
        <PageHead meta={noindexMeta("Sign Up", "Create a Realm Codex account to comment on news and join the community.")} />
        <AuthCard title="One More Step" subtitle={`Confirm your address to join the ${siteName} community.`} footer={null}>
          <CheckInbox email={registered} signInState={from} />
        </AuthCard>
      </>
    );
  }
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
            <Link to={paths.login()} state={from} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
              Sign In
            </Link>
          </>
        }
      >
        {enableRegistration ? (
          <RegisterForm onRegistered={setRegistered} />
        ) : (
          <Alert tone="info" title={REGISTRATION_CLOSED_TEXT}>
            <p>New accounts cannot be created right now. Please check back later.</p>
          </Alert>
        )}
      </AuthCard>
    </>
  );
}

import { Link, useLocation } from "react-router";
import { PageHead } from "@/lib/page-head";
import { AuthCard } from "@/features/auth/components/auth-card";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { noindexMeta } from "@shared/seo";
import { paths } from "@shared/paths";

/** /forgot-password: asks for the address the reset link goes to (the sign-in page passes what was typed). */
export function Component() {
  const location = useLocation();
  const email = (location.state as { email?: unknown } | null)?.email;
  return (
    <>
      <PageHead meta={noindexMeta("Forgot Password", "Get a link to choose a new password for your Realm Codex account.")} />
      <AuthCard
        title="Forgot Password"
        subtitle="Enter the address of your account and we'll e-mail you a link to choose a new password."
        footer={
          <>
            Remembered it?{" "}
            <Link to={paths.login()} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
              Sign In
            </Link>
          </>
        }
      >
        <ForgotPasswordForm initialEmail={typeof email === "string" ? email : ""} />
      </AuthCard>
    </>
  );
}

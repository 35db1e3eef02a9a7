import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useSession } from "@/lib/session";
import { paths } from "@shared/paths";

/** Signs out (server + storage) and goes home. */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    await signOut();
    await navigate(paths.home());
  }, [signOut, navigate]);
}

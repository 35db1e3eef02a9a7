import { mutate } from "swr";
import { api, unwrap } from "@/lib/api-client";
import { SESSIONS_KEY } from "./get-sessions";

/** DELETE /api/account/sessions/{id} → 204: that device is signed out at once. */
export async function signOutSessionRequest(id: string): Promise<void> {
  await unwrap(api.api.account.sessions[":id"].$delete({ param: { id } }));
  await mutate(SESSIONS_KEY);
}

/** POST /api/account/sessions/sign-out-others → { signedOut }: every other device is signed out. */
export async function signOutOtherSessionsRequest(): Promise<number> {
  const { signedOut } = await unwrap(api.api.account.sessions["sign-out-others"].$post());
  await mutate(SESSIONS_KEY);
  return signedOut;
}

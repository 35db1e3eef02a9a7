import { mutate } from "swr";
import { api, unwrap } from "@/lib/api-client";
import { USER_LIST_PATH } from "./list-users";

/** DELETE /api/admin/users/{id} → 204 (409 for the last active administrator); the list is read again. */
export async function deleteUserRequest(id: number): Promise<void> {
  await unwrap(api.api.admin.users[":id"].$delete({ param: { id: String(id) } }));
  await mutate((key) => typeof key === "string" && key.startsWith(USER_LIST_PATH));
}

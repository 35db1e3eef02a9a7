import type { ROLE_NAMES } from "@schemas/admin-users";
import { api, unwrap } from "@/lib/api-client";

/** PUT /api/admin/users/{id}/status { isActive }. */
export function updateUserStatusRequest(id: number, isActive: boolean) {
  return unwrap(api.api.admin.users[":id"].status.$put({ param: { id: String(id) }, json: { isActive } }));
}

/** PUT /api/admin/users/{id}/roles { roles }. */
export function updateUserRolesRequest(id: number, roles: (typeof ROLE_NAMES)[number][]) {
  return unwrap(api.api.admin.users[":id"].roles.$put({ param: { id: String(id) }, json: { roles } }));
}

import { ADMIN_USERS_PAGE_SIZE, type ROLE_NAMES } from "@schemas/admin-users";
import { api, unwrap } from "@/lib/api-client";

/** role "" means All Roles. */
export type UsersQuery = { page: number; search: string; role: "" | (typeof ROLE_NAMES)[number] };

/** GET /api/admin/users → { users, totalCount, totalPages } (spec §7), 10 per page. */
export function listUsersRequest({ page, search, role }: UsersQuery) {
  return unwrap(
    api.api.admin.users.$get({
      query: {
        page: String(page),
        pageSize: String(ADMIN_USERS_PAGE_SIZE),
        ...(search ? { search } : {}),
        ...(role ? { role } : {}),
      },
    }),
  );
}

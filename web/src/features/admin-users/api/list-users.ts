import useSWR from "swr";
import { apiKey } from "@shared/api-key";
import { ADMIN_USERS_PAGE_SIZE, type ROLE_NAMES } from "@schemas/admin-users";
import { api, unwrap } from "@/lib/api-client";

/** role "" means All Roles. */
export type UsersQuery = { page: number; search: string; role: "" | (typeof ROLE_NAMES)[number] };

/** GET /api/admin/users → the list envelope `{ items, totalCount, page, pageSize, totalPages }`, 10 per page. */
export function listUsersRequest({ page, search, role }: UsersQuery) {
  return unwrap(api.api.admin.users.$get({ query: usersQueryParams({ page, search, role }) }));
}

const usersQueryParams = ({ page, search, role }: UsersQuery) => ({
  page: String(page),
  pageSize: String(ADMIN_USERS_PAGE_SIZE),
  ...(search ? { search } : {}),
  ...(role ? { role } : {}),
});

/** Every key of the user list starts with this (for revalidating after a change). */
export const USER_LIST_PATH = "/api/admin/users";

/** The user list through SWR; the previous page stays shown while the next one loads. */
export function useUserList(query: UsersQuery) {
  return useSWR(apiKey(USER_LIST_PATH, usersQueryParams(query)), () => listUsersRequest(query), { keepPreviousData: true });
}

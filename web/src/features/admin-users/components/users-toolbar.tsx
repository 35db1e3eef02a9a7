import { useEffect, useState } from "react";
import { inputClass } from "@/components/ui/text-field";
import type { UsersQuery } from "@/features/admin-users/api/list-users";

/** The search is applied this long after typing stops. */
export const USER_SEARCH_DEBOUNCE_MS = 500;

type Role = UsersQuery["role"];
type Props = { search: string; role: Role; onSearch(value: string): void; onRole(value: Role): void };

/** Search box (debounced 500 ms) and role filter (All Roles, Admin, Moderator, User). */
export function UsersToolbar({ search, role, onSearch, onRole }: Props) {
  const [text, setText] = useState(search);
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === search) return;
    const timer = setTimeout(() => onSearch(wanted), USER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, onSearch]);

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor="user-search" className="mb-1 block text-sm font-medium text-ink">
          Search users
        </label>
        <input
          id="user-search"
          type="search"
          value={text}
          placeholder="Search by name or email..."
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
          className={inputClass}
        />
      </div>
      <div className="sm:w-48">
        <label htmlFor="role-filter" className="mb-1 block text-sm font-medium text-ink">
          Role
        </label>
        <select id="role-filter" value={role} onChange={(e) => onRole(e.target.value as Role)} className={inputClass}>
          <option value="">All Roles</option>
          <option value="Admin">Admin</option>
          <option value="Moderator">Moderator</option>
          <option value="User">User</option>
        </select>
      </div>
    </div>
  );
}

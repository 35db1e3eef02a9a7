/**
 * The audit log as the API and the SPA name it: the actions, the kinds of record written to it
 * (with the words the log page uses), and where each kind of record is seen on the site.
 */
import { paths } from "./paths";

export const AUDIT_ACTIONS = ["create", "update", "delete"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Every entity type the writers use today, with its label; rows of other types are shown by their raw name. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  faction: "Faction",
  unit: "Unit",
  hero: "Hero",
  spell: "Spell",
  gameinfo: "Guide",
  news: "News article",
  media: "Media item",
  media_category: "Media category",
  site_settings: "Site settings",
  user: "User",
  user_roles: "User roles",
  user_mail: "User mail",
};

export const auditEntityLabel = (type: string) => AUDIT_ENTITY_LABELS[type] ?? type;

/** Entity types are lower-case words joined by underscores. */
export const AUDIT_ENTITY_TYPE_PATTERN = /^[a-z][a-z_]{0,39}$/;

/**
 * Where an audited record is seen (a public page, else its admin page); null when it has none.
 * A deleted record's page answers "Not Found" (a guide's editor offers its history to restore it).
 */
export function auditEntityPath(type: string, id: string): string | null {
  const n = /^[0-9]{1,10}$/.test(id) ? Number(id) : null;
  switch (type) {
    case "faction":
      return n === null ? null : paths.faction(n);
    case "unit":
      return n === null ? null : paths.unit(n);
    case "hero":
      return n === null ? null : paths.hero(n);
    case "spell":
      return n === null ? null : paths.spell(n);
    case "gameinfo":
      return n === null ? null : paths.adminGameInfoEdit(n);
    case "news":
      return n === null ? null : paths.newsArticle(n);
    case "media":
      return n === null ? null : paths.adminMediaEdit(n);
    case "media_category":
      return paths.adminMenu();
    case "site_settings":
      return paths.adminSettings();
    case "user":
    case "user_roles":
    case "user_mail":
      return paths.adminUsers();
    default:
      return null;
  }
}

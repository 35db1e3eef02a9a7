/** Demo accounts (local only) and the site settings row. */

/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = "DemoPass!2025";

export type DemoAccount = {
  email: string;
  firstName: string;
  lastName: string;
  roles: ("User" | "Moderator" | "Admin")[];
  profilePictureUrl: string | null;
};

export const ACCOUNTS: DemoAccount[] = [
  { email: "admin@example.com", firstName: "Ada", lastName: "Stormwright", roles: ["Admin"], profilePictureUrl: null },
  { email: "moderator@example.com", firstName: "Milo", lastName: "Ferris", roles: ["Moderator"], profilePictureUrl: null },
  { email: "user@example.com", firstName: "Una", lastName: "Reed", roles: ["User"], profilePictureUrl: null },
];

export const SITE_SETTINGS = {
  siteName: "Realm Codex",
  siteDescription: "An unofficial fan wiki, news site and gallery for the turn-based fantasy strategy game of Aldermere.",
  enableComments: true,
  // The FastComments demo tenant does not hold comments for approval: the notice would not be true.
  moderateComments: false,
  enableRegistration: true,
  requireEmailVerification: true,
  maxFileUploadSize: 10,
  maintenanceMode: false,
  maintenanceMessage: "",
};

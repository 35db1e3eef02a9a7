import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { mailedLink } from "./support/mail";

/**
 * Accounts journeys: register (check your inbox, sign in, verify through the mailed link), profile and
 * avatar, change password and its attempt block, forgot password through the mailed link, the
 * sessions list, role and status changes by an admin, and the lockout message. Tests that change
 * an account register their own, so the seeded demo accounts stay as other suites expect them.
 * Mailed links are read from the mail the server really sent (support/mail.ts).
 */
const DEMO_PASSWORD = "DemoPass!2025";
const ADMIN = "admin@example.com";

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}@example.com`;

/** Registers (202, the same answer for every address: no token) and then signs in through the API. */
async function registerViaApi(request: APIRequestContext, email: string, firstName = "Test", lastName = "Player") {
  const res = await request.post("/api/auth/register", { data: { email, password: DEMO_PASSWORD, firstName, lastName } });
  expect(res.status(), await res.text()).toBe(202);
  const signedIn = await request.post("/api/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return (await signedIn.json()) as { token: string; user: { id: number; email: string } };
}

/** From the "Check your inbox" step of sign-up: its Sign In link, then the sign-in form. */
async function signInFromCheckInbox(page: Page, email: string) {
  await page.getByRole("main").getByRole("link", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** Signs in through the UI and waits until the app has left /login. */
async function signInViaUi(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** Stores a session the way the app does (authToken/authUser), then loads `path`. */
async function storeSession(page: Page, session: { token: string; user: unknown }, path = "/") {
  await page.goto("/");
  await page.evaluate(([token, user]) => {
    localStorage.setItem("authToken", token);
    localStorage.setItem("authUser", user);
  }, [session.token, JSON.stringify(session.user)] as const);
  await page.goto(path);
}

test("a visitor registers, signs in, picks an avatar, changes the password, and another signed-in browser is signed out", async ({ page, browser }) => {
  // The longest journey: two browsers, two password hashes on the server.
  test.setTimeout(90_000);
  const email = uniqueEmail("journey");
  await page.goto("/register");
  await expect(page).toHaveTitle(/^Sign Up \| /);
  await page.getByRole("button", { name: "Create Account" }).click();
  const problems = page.getByRole("alert").filter({ hasText: "Please fix the following issues:" });
  await expect(problems.getByText("Email is required.")).toBeVisible();
  // The same message sits under the field, and focus moved to the first field in error.
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Email is required.");
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();

  await page.getByLabel("First name").fill("Rowan");
  await page.getByLabel("Last name").fill("Ashby");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel("Confirm password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  // Sign-up answers every address alike, so it signs nobody in.
  expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
  await signInFromCheckInbox(page, email);
  await expect(page).toHaveURL(/\/$/);

  // A second browser signed in before the password change.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInViaUi(otherPage, email);

  // A signed-in visitor does not see /login or /register.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
  await expect(page.getByText("Rowan Ashby").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Choose Avatar" })).toHaveCount(0);
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByLabel("First name").fill("Rowena");
  await page.getByRole("button", { name: "Choose Avatar" }).click();
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveText(["Creature (6)", "Demon (5)", "Elf (3)", "Giant (4)", "Human (12)", "Orc (3)", "Undead (2)"]);
  await page.getByRole("tab", { name: "Creature (6)" }).click();
  await page.getByRole("button", { name: "Dragon (Creature)" }).click();
  await expect(page.getByRole("button", { name: "Dragon (Creature)" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("button", { name: "Edit Profile" })).toBeVisible();
  await expect(page.getByText("Rowena Ashby").first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("img", { name: "Rowena Ashby's avatar" })).toHaveAttribute("src", "/images/icons/avatars/creature-02.webp");

  await page.getByRole("button", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  await dialog.getByLabel("Current password").fill(DEMO_PASSWORD);
  await dialog.getByLabel("New password", { exact: true }).fill("Fresh!Pass2026");
  await dialog.getByLabel("Confirm new password").fill("Fresh!Pass2026");
  await dialog.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Password changed successfully! You will be signed out of all other devices.")).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();

  // The other browser's next action finds its session ended and goes to /login.
  await otherPage.goto("/profile");
  await expect(otherPage).toHaveURL(/\/login$/);
  expect(await otherPage.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
  await other.close();

  // This browser stays signed in; the new password works.
  await page.reload();
  await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
});

test("three wrong current passwords block the change-password form until the page is refreshed", async ({ page, request }) => {
  const session = await registerViaApi(request, uniqueEmail("attempts"));
  await storeSession(page, session, "/profile");
  await page.getByRole("button", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  await dialog.getByLabel("Current password").fill("Wrong!Pass99");
  await dialog.getByLabel("New password", { exact: true }).fill("Fresh!Pass2026");
  await dialog.getByLabel("Confirm new password").fill("Fresh!Pass2026");
  const submit = dialog.getByRole("button", { name: "Change Password" });
  await submit.click();
  await expect(dialog.getByText("First failed attempt. 2 attempts remaining.")).toBeVisible();
  await expect(dialog.getByText("Current password is incorrect.")).toBeVisible();
  await submit.click();
  await expect(dialog.getByText("Second failed attempt. 1 attempt remaining.")).toBeVisible();
  await submit.click();
  await expect(dialog.getByText("Too many failed attempts. Please refresh the page and try again.")).toBeVisible();
  await expect(submit).toBeDisabled();

  // Closing and reopening does not lift the block; a refresh does.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(dialog.getByText("Too many failed attempts. Please refresh the page and try again.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.reload();
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(dialog.getByRole("button", { name: "Change Password" })).toBeEnabled();
  await expect(dialog.getByText(/attempt/)).toHaveCount(0);
});

test("an admin grants Moderator and that user sees the Admin menu after a reload", async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("promoted");
  const session = await registerViaApi(request, email, "Pria", "Moss");
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await storeSession(userPage, session);
  await expect(userPage.getByRole("button", { name: "Admin" })).toHaveCount(0);

  await signInViaUi(page, ADMIN);
  await page.goto("/admin/users");
  await expect(page).toHaveTitle(/^Manage Users \| /);
  await page.getByLabel("Search users").fill(email);
  const row = page.getByRole("listitem").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("listitem").filter({ hasText: ADMIN })).toHaveCount(0);
  await row.getByRole("checkbox", { name: "Moderator" }).check();
  await expect(row.getByRole("checkbox", { name: "Moderator" })).toBeChecked();

  await userPage.reload();
  await userPage.getByRole("button", { name: "Admin" }).click();
  await expect(userPage.getByRole("menuitem", { name: "Dashboard" })).toBeVisible();
  await expect(userPage.getByRole("menuitem", { name: "Manage Users" })).toHaveCount(0);
  await userContext.close();
});

test("a user sees Access Denied on /admin/users and a guest is sent to /login", async ({ page, request }) => {
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/login$/);
  const session = await registerViaApi(request, uniqueEmail("plain"));
  await storeSession(page, session, "/admin/users");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You need administrator privileges to access this page.")).toBeVisible();
});

test("an admin sent to /login by the guard comes back after signing in; a deactivated user is sent to /login on the next action and cannot sign in", async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("deactivated");
  const session = await registerViaApi(request, email);
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await storeSession(userPage, session, "/profile");
  await expect(userPage.getByRole("heading", { name: "My Profile" })).toBeVisible();

  // The guard sends the admin to /login, and signing in comes back to /admin/users.
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(ADMIN);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByLabel("Role").selectOption("User");
  await page.getByLabel("Search users").fill(email);
  const row = page.getByRole("listitem").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: /^Deactivate / }).click();
  await expect(row.getByText("Inactive")).toBeVisible();
  await expect(row.getByRole("button", { name: /^Activate / })).toBeVisible();

  await userPage.reload();
  await expect(userPage).toHaveURL(/\/login$/);
  await userPage.getByLabel("Email").fill(email);
  await userPage.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await userPage.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(userPage.getByRole("heading", { name: "Sign In Failed" })).toBeVisible();
  await expect(userPage.getByText("This account has been deactivated.", { exact: false }).first()).toBeVisible();
  await userContext.close();
});

test("five wrong passwords lock this network out of the account (423) and the sign-in page says so", async ({ page, request }) => {
  const email = uniqueEmail("locked");
  await registerViaApi(request, email);
  await page.goto("/login");
  await expect(page.getByText("Google Sign-In coming soon")).toBeVisible();
  const toggle = page.getByRole("button", { name: "Show password" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await page.getByLabel("Email").fill(email);
  for (let i = 1; i <= 5; i++) {
    await page.getByLabel("Password", { exact: true }).fill(`Wrong!Pass${i}`);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Sign In Failed" })).toBeVisible();
    if (i < 5) await expect(page.getByText("Invalid email or password.").first()).toBeVisible();
  }
  await expect(
    page.getByText("Your account has been temporarily locked due to multiple failed login attempts. Please try again in 15 minutes."),
  ).toBeVisible();
  // The error notification shows too.
  await expect(page.locator('[data-toast-type="error"]').last()).toBeVisible();
  // Even the right password is refused while locked.
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(/locked/).first()).toBeVisible();
});

test("sign-up says 'Check your inbox' with the address; the mailed link verifies it and the profile then shows Verified", async ({ page }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("verify");
  await page.goto("/register");
  await page.getByLabel("First name").fill("Vera");
  await page.getByLabel("Last name").fill("Fied");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel("Confirm password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  const inbox = page.getByRole("status").filter({ hasText: "Check your inbox" });
  await expect(inbox).toContainText(`We sent a message to ${email}.`);
  await signInFromCheckInbox(page, email);

  await page.goto("/profile");
  await expect(page.getByText("Not verified")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send again" })).toBeVisible();

  await page.goto(await mailedLink(email, "/verify-email"));
  await page.getByRole("button", { name: "Confirm E-mail Address" }).click();
  await expect(page.getByText("Your e-mail address is confirmed.")).toBeVisible();

  await page.goto("/profile");
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send again" })).toHaveCount(0);
});

test("forgot password: the mailed link opens the reset page, the new password is set, and it signs in", async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("forgot");
  await registerViaApi(request, email);
  await page.goto("/login");
  // The address typed on the sign-in page goes along once the app runs (before, the link is a plain link).
  await expect(page.locator("html[data-app]")).toHaveCount(1);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("If an account exists for that address, we've sent a link.")).toBeVisible();

  const link = await mailedLink(email, "/reset-password");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();
  await expect(page.getByText(`For ${email}.`, { exact: false })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("Reset!Pass2026");
  await page.getByLabel("Confirm new password").fill("Reset!Pass2026");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByText("Your password was changed.")).toBeVisible();

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This Link Was Already Used" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a New Link" })).toHaveAttribute("href", "/forgot-password");

  await signInViaUi(page, email, "Reset!Pass2026");
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
});

test("the sessions list names each device and signs another one out: that browser is sent to /login", async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("sessions");
  await registerViaApi(request, email);
  const phone = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  });
  const phonePage = await phone.newPage();
  await signInViaUi(phonePage, email);
  await signInViaUi(page, email);

  await page.goto("/profile");
  const devices = page.getByRole("region", { name: "Signed-in Devices" });
  const thisDevice = devices.getByRole("listitem").filter({ hasText: "This device" });
  await expect(thisDevice).toHaveCount(1);
  await expect(thisDevice).toContainText("In use now");
  const phoneRow = devices.getByRole("listitem").filter({ hasText: "Safari 18 on iOS 18.1" });
  await expect(phoneRow).toContainText("Signed in");
  await phoneRow.getByRole("button", { name: "Sign out Safari 18 on iOS 18.1" }).click();
  await expect(phoneRow).toHaveCount(0);
  await expect(page.getByText("Signed out Safari 18 on iOS 18.1.")).toBeVisible();

  await phonePage.goto("/profile");
  await expect(phonePage).toHaveURL(/\/login$/);
  await phone.close();
  // This browser stays signed in.
  await page.reload();
  await expect(devices.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
});

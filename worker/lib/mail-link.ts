/**
 * The links in account mail (verification, password reset, unlock), built so that no stored row
 * opens one (docs/decisions/0046-mail-budgets-and-outbox.md). A link's token is the HMAC of a
 * random nonce under a key derived from the server's secret (`mail-link`, worker/lib/keys.ts):
 * the token tables keep its SHA-256, the outbox keeps the nonce and a mark where the link goes,
 * and the sender derives the token again at send time and puts the link in the text. Reading the
 * database gives no working link; whoever also holds the secret could sign access tokens anyway.
 */
import { hashToken, type LinkPath, type MailLink } from "../db/queries/mail";
import { base64url, derivedKey, keyIdOf, secretsOf, type SecretEnv } from "./keys";
import { queryString } from "@shared/paths";

/** Where the link goes in a stored body. */
export const LINK_MARK = "[[link]]";

/** A random URL-safe token (32 bytes). */
const newToken = (): string => base64url(crypto.getRandomValues(new Uint8Array(32)).buffer);

/** The token of a link: HMAC-SHA256 of its nonce (URL-safe base64, 43 characters, like a random token). */
const tokenOf = async (secret: string, nonce: string) =>
  base64url(await crypto.subtle.sign("HMAC", await derivedKey(secret, "mail-link"), new TextEncoder().encode(nonce)));

/** A new link to `linkPath`: what the outbox keeps, and the SHA-256 of its token for the token table. */
export async function newMailLink(env: SecretEnv, linkPath: LinkPath): Promise<{ link: MailLink; tokenHash: string }> {
  const linkNonce = newToken();
  const token = await tokenOf(env.JWT_SECRET, linkNonce);
  return { link: { linkPath, linkNonce, linkKeyId: await keyIdOf(env.JWT_SECRET) }, tokenHash: await hashToken(token) };
}

type StoredMail = { body: string; linkPath: string | null; linkNonce: string | null; linkKeyId: string | null };

/**
 * The text a stored mail is sent with: its link (absolute on SITE_URL) in place of the mark.
 * Throws when the secret the link was made with is gone (rotated out while the mail waited).
 */
export async function mailText(env: SecretEnv & { SITE_URL: string }, mail: StoredMail): Promise<string> {
  if (!mail.linkPath || !mail.linkNonce) return mail.body;
  let secret: string | undefined;
  for (const candidate of secretsOf(env)) if ((await keyIdOf(candidate)) === mail.linkKeyId) secret = candidate;
  if (!secret) throw new Error("the secret this mail's link was made with is no longer set");
  const url = new URL(`${mail.linkPath}${queryString({ token: await tokenOf(secret, mail.linkNonce) })}`, env.SITE_URL).href;
  return mail.body.replaceAll(LINK_MARK, url);
}

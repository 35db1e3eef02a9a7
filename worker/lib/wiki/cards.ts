import { allowedImageSrc } from "@shared/image-source";
import type { WikiRecord } from "../../db/queries/wiki-links";
import { escapeHtml as e } from "./markdown";

/**
 * A live stat card's markup: the record's current name, portrait and key numbers, with a link to
 * its page. Built on every render from the record as stored, so a balance change shows on every
 * page that embeds it once the edit's cache generation starts (docs/design/caching.md).
 */
export function statCardHtml(record: WikiRecord, href: string, imageHosts: readonly string[]): string | null {
  const card = record.card;
  if (!card) return null;
  const portrait = allowedImageSrc(record.portraitUrl, imageHosts);
  let kind: string;
  let stats: [string, string | number][];
  if (card.type === "unit") {
    kind = `Tier ${card.tier} ${card.unitType} · ${card.faction}`;
    stats = [
      ["Attack", card.attack],
      ["Defence", card.defense],
      ["Damage", card.minDamage === card.maxDamage ? card.minDamage : `${card.minDamage}–${card.maxDamage}`],
      ["Health", card.health],
      ["Speed", card.speed],
      ["Cost", card.cost],
    ];
  } else if (card.type === "hero") {
    kind = [card.title, `${card.heroType} hero`, card.faction].filter(Boolean).join(" · ");
    stats = [
      ["Attack", card.attack],
      ["Defence", card.defense],
      ["Spell power", card.spellPower],
      ["Knowledge", card.knowledge],
    ];
  } else {
    kind = `Level ${card.level} ${card.school} spell · ${card.spellType}`;
    stats = [
      ["Mana", card.manaCost],
      ["Power", card.basePower],
    ];
  }
  const image = portrait ? `<img class="stat-card-portrait" src="${e(portrait)}" alt="" width="64" height="64" loading="lazy" decoding="async">` : "";
  const rows = stats.map(([label, value]) => `<div><dt>${e(label)}</dt><dd>${e(String(value))}</dd></div>`).join("");
  return (
    `<aside class="stat-card" aria-label="${e(`${record.name}, ${card.type}`)}">${image}<div class="stat-card-body">` +
    `<p class="stat-card-title"><a href="${e(href)}">${e(record.name)}</a></p><p class="stat-card-kind">${e(kind)}</p>` +
    `<dl class="stat-card-stats">${rows}</dl></div></aside>\n`
  );
}

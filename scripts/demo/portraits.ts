/**
 * Procedural portraits for the demo units and heroes: a square SVG per character (a silhouette
 * drawn from simple shapes, chosen by unit type or hero type, in the faction's palette, with
 * tier pips and a frame for the upgrade level or rarity), rendered to a small JPEG and WebP.
 */
import sharp from "sharp";
import type { HeroType, UnitType } from "../../shared/game.ts";
import { mix, prng, type Palette } from "./images.ts";

export const PORTRAIT_SIZE = 256;


const f = (n: number) => n.toFixed(1);

/** Frame colours: upgrade level 0..2 for units, rarity 1..4 for heroes. */
const UNIT_FRAMES = ["#8a8f98", "#cfd6df", "#e8c66a"];
const HERO_FRAMES = ["#b07a4a", "#cfd6df", "#e8c66a", "#b58cff"];

function backdrop(rand: () => number, p: Palette, s: number, id: string): string {
  const stars = Array.from({ length: 14 }, () => {
    const x = rand() * s;
    const y = rand() * s * 0.55;
    return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(0.6 + rand() * 1.4)}" fill="#ffffff" opacity="${f(0.25 + rand() * 0.5)}"/>`;
  }).join("");
  const hill = `M 0 ${f(s * 0.78)} Q ${f(s * (0.25 + rand() * 0.2))} ${f(s * (0.66 + rand() * 0.06))} ${f(s * 0.55)} ${f(s * 0.76)} T ${s} ${f(s * (0.72 + rand() * 0.06))} V ${s} H 0 Z`;
  return `<defs>
<linearGradient id="${id}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="0.7" stop-color="${p.sky[1]}"/><stop offset="1" stop-color="${p.sky[2]}"/></linearGradient>
<radialGradient id="${id}-glow" cx="0.5" cy="0.42" r="0.5"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${s}" height="${s}" fill="url(#${id}-sky)"/>${stars}
<circle cx="${s / 2}" cy="${f(s * 0.42)}" r="${f(s * 0.42)}" fill="url(#${id}-glow)"/>
<path d="${hill}" fill="${p.hills[2]}"/>`;
}

function unitFigure(type: UnitType, rand: () => number, p: Palette, s: number): string {
  const body = mix(p.hills[3], "#000000", 0.35);
  const cloth = p.banner;
  const trim = p.trim;
  const cx = s * (0.48 + rand() * 0.04);
  const head = `<circle cx="${f(cx)}" cy="${f(s * 0.33)}" r="${f(s * 0.07)}" fill="${body}"/>`;
  const torso = `<path d="M ${f(cx - s * 0.12)} ${f(s * 0.82)} L ${f(cx - s * 0.09)} ${f(s * 0.44)} Q ${f(cx)} ${f(s * 0.38)} ${f(cx + s * 0.09)} ${f(s * 0.44)} L ${f(cx + s * 0.12)} ${f(s * 0.82)} Z" fill="${body}"/>`;
  const sash = `<path d="M ${f(cx - s * 0.08)} ${f(s * 0.46)} L ${f(cx + s * 0.1)} ${f(s * 0.7)}" stroke="${cloth}" stroke-width="${f(s * 0.035)}"/>`;
  switch (type) {
    case "Infantry":
      return `${torso}${sash}${head}
<path d="M ${f(cx - s * 0.09)} ${f(s * 0.29)} Q ${f(cx)} ${f(s * 0.2)} ${f(cx + s * 0.09)} ${f(s * 0.29)} Z" fill="${trim}"/>
<line x1="${f(cx + s * 0.2)}" y1="${f(s * 0.14)}" x2="${f(cx + s * 0.2)}" y2="${f(s * 0.86)}" stroke="${mix(trim, "#000000", 0.3)}" stroke-width="${f(s * 0.02)}"/>
<path d="M ${f(cx + s * 0.2)} ${f(s * 0.08)} l ${f(s * 0.03)} ${f(s * 0.08)} h ${f(-s * 0.06)} Z" fill="${trim}"/>
<path d="M ${f(cx - s * 0.26)} ${f(s * 0.48)} h ${f(s * 0.18)} v ${f(s * 0.16)} q 0 ${f(s * 0.12)} ${f(-s * 0.09)} ${f(s * 0.16)} q ${f(-s * 0.09)} ${f(-s * 0.04)} ${f(-s * 0.09)} ${f(-s * 0.16)} Z" fill="${cloth}" stroke="${trim}" stroke-width="${f(s * 0.012)}"/>`;
    case "Ranged":
      return `${torso}${sash}${head}
<path d="M ${f(cx - s * 0.1)} ${f(s * 0.34)} Q ${f(cx)} ${f(s * 0.16)} ${f(cx + s * 0.1)} ${f(s * 0.34)} Q ${f(cx)} ${f(s * 0.27)} ${f(cx - s * 0.1)} ${f(s * 0.34)} Z" fill="${cloth}"/>
<path d="M ${f(cx + s * 0.16)} ${f(s * 0.2)} Q ${f(cx + s * 0.36)} ${f(s * 0.5)} ${f(cx + s * 0.16)} ${f(s * 0.8)}" fill="none" stroke="${trim}" stroke-width="${f(s * 0.018)}"/>
<line x1="${f(cx + s * 0.16)}" y1="${f(s * 0.2)}" x2="${f(cx + s * 0.16)}" y2="${f(s * 0.8)}" stroke="#f5f2ee" stroke-width="${f(s * 0.006)}"/>
<line x1="${f(cx - s * 0.05)}" y1="${f(s * 0.5)}" x2="${f(cx + s * 0.3)}" y2="${f(s * 0.5)}" stroke="${mix(trim, "#ffffff", 0.3)}" stroke-width="${f(s * 0.01)}"/>`;
    case "Cavalry": {
      const horse = mix(p.hills[3], cloth, 0.25);
      return `<ellipse cx="${f(s * 0.46)}" cy="${f(s * 0.62)}" rx="${f(s * 0.24)}" ry="${f(s * 0.11)}" fill="${horse}"/>
<path d="M ${f(s * 0.62)} ${f(s * 0.58)} L ${f(s * 0.74)} ${f(s * 0.38)} L ${f(s * 0.84)} ${f(s * 0.42)} L ${f(s * 0.76)} ${f(s * 0.5)} L ${f(s * 0.7)} ${f(s * 0.64)} Z" fill="${horse}"/>
${[0.3, 0.4, 0.54, 0.62].map((x) => `<line x1="${f(s * x)}" y1="${f(s * 0.68)}" x2="${f(s * (x + (rand() - 0.5) * 0.04))}" y2="${f(s * 0.86)}" stroke="${horse}" stroke-width="${f(s * 0.028)}" stroke-linecap="round"/>`).join("")}
<path d="M ${f(s * 0.28)} ${f(s * 0.56)} Q ${f(s * 0.46)} ${f(s * 0.5)} ${f(s * 0.6)} ${f(s * 0.56)} L ${f(s * 0.56)} ${f(s * 0.64)} L ${f(s * 0.32)} ${f(s * 0.64)} Z" fill="${cloth}"/>
<path d="M ${f(s * 0.4)} ${f(s * 0.55)} L ${f(s * 0.42)} ${f(s * 0.36)} Q ${f(s * 0.47)} ${f(s * 0.32)} ${f(s * 0.52)} ${f(s * 0.36)} L ${f(s * 0.54)} ${f(s * 0.55)} Z" fill="${body}"/>
<circle cx="${f(s * 0.47)}" cy="${f(s * 0.28)}" r="${f(s * 0.055)}" fill="${body}"/>
<line x1="${f(s * 0.36)}" y1="${f(s * 0.5)}" x2="${f(s * 0.9)}" y2="${f(s * 0.24)}" stroke="${trim}" stroke-width="${f(s * 0.016)}"/>`;
    }
    case "Flying": {
      const wing = mix(p.hills[3], p.glow, 0.25 + rand() * 0.2);
      const wingPath = (dir: number) =>
        `<path d="M ${f(cx)} ${f(s * 0.46)} C ${f(cx + dir * s * 0.18)} ${f(s * 0.2)} ${f(cx + dir * s * 0.38)} ${f(s * 0.18)} ${f(cx + dir * s * 0.44)} ${f(s * 0.26)} C ${f(cx + dir * s * 0.34)} ${f(s * 0.32)} ${f(cx + dir * s * 0.36)} ${f(s * 0.42)} ${f(cx + dir * s * 0.28)} ${f(s * 0.44)} C ${f(cx + dir * s * 0.24)} ${f(s * 0.52)} ${f(cx + dir * s * 0.14)} ${f(s * 0.56)} ${f(cx)} ${f(s * 0.56)} Z" fill="${wing}" stroke="${trim}" stroke-width="${f(s * 0.008)}"/>`;
      return `${wingPath(-1)}${wingPath(1)}
<ellipse cx="${f(cx)}" cy="${f(s * 0.55)}" rx="${f(s * 0.07)}" ry="${f(s * 0.16)}" fill="${body}"/>
<circle cx="${f(cx)}" cy="${f(s * 0.36)}" r="${f(s * 0.055)}" fill="${body}"/>
<path d="M ${f(cx - s * 0.02)} ${f(s * 0.7)} L ${f(cx)} ${f(s * 0.84)} L ${f(cx + s * 0.02)} ${f(s * 0.7)} Z" fill="${cloth}"/>`;
    }
    case "Magic":
      return `<path d="M ${f(cx - s * 0.17)} ${f(s * 0.84)} L ${f(cx - s * 0.06)} ${f(s * 0.4)} L ${f(cx + s * 0.06)} ${f(s * 0.4)} L ${f(cx + s * 0.17)} ${f(s * 0.84)} Z" fill="${cloth}"/>
<path d="M ${f(cx - s * 0.09)} ${f(s * 0.4)} L ${f(cx)} ${f(s * 0.16)} L ${f(cx + s * 0.09)} ${f(s * 0.4)} Z" fill="${body}"/>
<circle cx="${f(cx)}" cy="${f(s * 0.36)}" r="${f(s * 0.045)}" fill="${mix(body, "#000000", 0.3)}"/>
<line x1="${f(cx - s * 0.22)}" y1="${f(s * 0.3)}" x2="${f(cx - s * 0.2)}" y2="${f(s * 0.86)}" stroke="${mix(trim, "#000000", 0.35)}" stroke-width="${f(s * 0.02)}"/>
<circle cx="${f(cx - s * 0.22)}" cy="${f(s * 0.27)}" r="${f(s * 0.05)}" fill="${p.glow}"/>
${Array.from({ length: 5 }, () => `<circle cx="${f(cx - s * 0.22 + (rand() - 0.5) * s * 0.2)}" cy="${f(s * 0.27 + (rand() - 0.5) * s * 0.2)}" r="${f(s * 0.008 + rand() * s * 0.008)}" fill="${p.glow}" opacity="0.8"/>`).join("")}`;
  }
}

function heroBust(type: HeroType, rand: () => number, p: Palette, s: number): string {
  const skin = mix("#c99a74", p.sky[2], 0.15 + rand() * 0.2);
  const cape = p.banner;
  const armour = mix(p.hills[1], "#000000", 0.25);
  const cx = s / 2;
  const shoulders = `<path d="M ${f(s * 0.12)} ${s} Q ${f(s * 0.16)} ${f(s * 0.64)} ${f(cx)} ${f(s * 0.62)} Q ${f(s * 0.84)} ${f(s * 0.64)} ${f(s * 0.88)} ${s} Z" fill="${type === "Magic" ? cape : armour}"/>
<path d="M ${f(s * 0.12)} ${s} Q ${f(s * 0.14)} ${f(s * 0.7)} ${f(s * 0.3)} ${f(s * 0.66)} L ${f(s * 0.34)} ${s} Z" fill="${mix(cape, "#000000", 0.2)}"/>
<path d="M ${f(s * 0.88)} ${s} Q ${f(s * 0.86)} ${f(s * 0.7)} ${f(s * 0.7)} ${f(s * 0.66)} L ${f(s * 0.66)} ${s} Z" fill="${mix(cape, "#000000", 0.2)}"/>`;
  const neck = `<rect x="${f(cx - s * 0.045)}" y="${f(s * 0.5)}" width="${f(s * 0.09)}" height="${f(s * 0.14)}" fill="${mix(skin, "#000000", 0.15)}"/>`;
  const face = `<ellipse cx="${f(cx)}" cy="${f(s * 0.42)}" rx="${f(s * 0.1)}" ry="${f(s * 0.125)}" fill="${skin}"/>
<circle cx="${f(cx - s * 0.035)}" cy="${f(s * 0.41)}" r="${f(s * 0.008)}" fill="#1c1917"/><circle cx="${f(cx + s * 0.035)}" cy="${f(s * 0.41)}" r="${f(s * 0.008)}" fill="#1c1917"/>`;
  const hairColor = ["#2b1d14", "#6b4a2b", "#c9b27a", "#9a9a9a", "#3b2a4a"][Math.floor(rand() * 5)]!;
  let head: string;
  if (type === "Might") {
    head = `<path d="M ${f(cx - s * 0.115)} ${f(s * 0.42)} Q ${f(cx - s * 0.12)} ${f(s * 0.26)} ${f(cx)} ${f(s * 0.25)} Q ${f(cx + s * 0.12)} ${f(s * 0.26)} ${f(cx + s * 0.115)} ${f(s * 0.42)} L ${f(cx + s * 0.1)} ${f(s * 0.37)} L ${f(cx - s * 0.1)} ${f(s * 0.37)} Z" fill="${mix(p.trim, "#000000", 0.25)}"/>
<path d="M ${f(cx)} ${f(s * 0.25)} Q ${f(cx + s * 0.14)} ${f(s * 0.12)} ${f(cx + s * 0.2)} ${f(s * 0.22)} Q ${f(cx + s * 0.1)} ${f(s * 0.2)} ${f(cx)} ${f(s * 0.27)} Z" fill="${cape}"/>`;
  } else if (type === "Magic") {
    head = `<path d="M ${f(cx - s * 0.16)} ${f(s * 0.6)} Q ${f(cx - s * 0.16)} ${f(s * 0.3)} ${f(cx)} ${f(s * 0.14)} Q ${f(cx + s * 0.16)} ${f(s * 0.3)} ${f(cx + s * 0.16)} ${f(s * 0.6)} L ${f(cx + s * 0.11)} ${f(s * 0.58)} Q ${f(cx + s * 0.11)} ${f(s * 0.3)} ${f(cx)} ${f(s * 0.28)} Q ${f(cx - s * 0.11)} ${f(s * 0.3)} ${f(cx - s * 0.11)} ${f(s * 0.58)} Z" fill="${mix(cape, "#000000", 0.15)}"/>
<circle cx="${f(s * 0.78)}" cy="${f(s * 0.74)}" r="${f(s * 0.06)}" fill="${p.glow}"/><circle cx="${f(s * 0.78)}" cy="${f(s * 0.74)}" r="${f(s * 0.1)}" fill="${p.glow}" opacity="0.3"/>`;
  } else {
    head = `<path d="M ${f(cx - s * 0.105)} ${f(s * 0.4)} Q ${f(cx - s * 0.11)} ${f(s * 0.28)} ${f(cx)} ${f(s * 0.28)} Q ${f(cx + s * 0.11)} ${f(s * 0.28)} ${f(cx + s * 0.105)} ${f(s * 0.4)} Q ${f(cx)} ${f(s * 0.33)} ${f(cx - s * 0.105)} ${f(s * 0.4)} Z" fill="${hairColor}"/>
<path d="M ${f(cx - s * 0.1)} ${f(s * 0.335)} Q ${f(cx)} ${f(s * 0.3)} ${f(cx + s * 0.1)} ${f(s * 0.335)}" fill="none" stroke="${p.trim}" stroke-width="${f(s * 0.014)}"/>
<line x1="${f(s * 0.22)}" y1="${f(s * 0.98)}" x2="${f(s * 0.36)}" y2="${f(s * 0.5)}" stroke="#d6dbe1" stroke-width="${f(s * 0.02)}"/>
<line x1="${f(s * 0.18)}" y1="${f(s * 0.86)}" x2="${f(s * 0.3)}" y2="${f(s * 0.9)}" stroke="${p.trim}" stroke-width="${f(s * 0.02)}"/>`;
  }
  const hair =
    type === "Might"
      ? ""
      : `<path d="M ${f(cx - s * 0.1)} ${f(s * 0.42)} Q ${f(cx - s * 0.12)} ${f(s * 0.55)} ${f(cx - s * 0.07)} ${f(s * 0.56)} L ${f(cx - s * 0.08)} ${f(s * 0.42)} Z" fill="${hairColor}"/>`;
  return `${shoulders}${neck}${hair}${face}${head}`;
}

function frame(s: number, color: string, pips: number, p: Palette): string {
  const pip = (i: number) => {
    const x = s / 2 + (i - (pips - 1) / 2) * s * 0.055;
    const y = s * 0.935;
    return `<path d="M ${f(x)} ${f(y - s * 0.018)} l ${f(s * 0.018)} ${f(s * 0.018)} l ${f(-s * 0.018)} ${f(s * 0.018)} l ${f(-s * 0.018)} ${f(-s * 0.018)} Z" fill="${p.trim}" stroke="#1c1917" stroke-width="1"/>`;
  };
  return `<rect x="${f(s * 0.02)}" y="${f(s * 0.02)}" width="${f(s * 0.96)}" height="${f(s * 0.96)}" rx="${f(s * 0.06)}" fill="none" stroke="${color}" stroke-width="${f(s * 0.03)}"/>
${Array.from({ length: pips }, (_, i) => pip(i)).join("")}`;
}

export function unitPortraitSvg(seed: string, p: Palette, unit: { unitType: UnitType; tier: number; upgradeLevel: number }): string {
  const rand = prng(seed);
  const s = PORTRAIT_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
${backdrop(rand, p, s, "u")}
${unitFigure(unit.unitType, rand, p, s)}
${frame(s, UNIT_FRAMES[unit.upgradeLevel] ?? UNIT_FRAMES[0]!, unit.tier, p)}
</svg>`;
}

export function heroPortraitSvg(seed: string, p: Palette, hero: { heroType: HeroType; rarityLevel: number }): string {
  const rand = prng(seed);
  const s = PORTRAIT_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
${backdrop(rand, p, s, "h")}
${heroBust(hero.heroType, rand, p, s)}
${frame(s, HERO_FRAMES[hero.rarityLevel - 1] ?? HERO_FRAMES[0]!, 0, p)}
</svg>`;
}

/** The portrait as JPEG and WebP (both well under 40 KB at 256 × 256). */
export async function renderPortrait(svg: string): Promise<{ jpeg: Buffer; webp: Buffer }> {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const [jpeg, webp] = await Promise.all([
    sharp(png).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
    sharp(png).webp({ quality: 76 }).toBuffer(),
  ]);
  return { jpeg, webp };
}

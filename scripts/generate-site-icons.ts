/**
 * Makes the site's PNG icons from web/public/favicon.svg, for what cannot use the SVG:
 * - images/icons/favicon-32.png: the tab icon of browsers without SVG favicons (older Safari);
 * - images/icons/apple-touch-icon.png (180×180): the icon iOS puts on the home screen and in
 *   bookmarks. iOS rounds the corners itself and shows transparency as black, so this one is
 *   drawn square (the SVG's corner radius removed).
 * Both live under /images, which the asset server answers without the Worker (wrangler.toml).
 * Run it again after changing favicon.svg:
 *
 *   node_modules/.bin/node scripts/generate-site-icons.ts
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const PUBLIC = path.join(import.meta.dirname, "..", "web", "public");
const svg = readFileSync(path.join(PUBLIC, "favicon.svg"), "utf8");
const square = svg.replace(/\srx="[^"]*"/, "");
if (square === svg) throw new Error("favicon.svg has no rx on its background: check the touch icon by eye");

async function render(source: string, size: number, file: string) {
  await sharp(Buffer.from(source), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(PUBLIC, "images", "icons", file));
  console.log(`images/icons/${file} (${size}×${size})`);
}

await render(svg, 32, "favicon-32.png");
await render(square, 180, "apple-touch-icon.png");
